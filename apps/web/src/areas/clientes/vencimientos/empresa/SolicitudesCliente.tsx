import { ActionIcon, Badge, Code, Group, Popover, Text, Tooltip } from '@mantine/core';
import { IconCertificate, IconDownload, IconListNumbers } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Solicitud } from '@intranet/contract/areas/clientes/solicitudes';
import { AMBIENTE_ETIQUETA, type Certificado } from '@intranet/contract/areas/clientes/vencimientos';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../../../components/DeleteAction.tsx';
import { formatFechaHora } from '../../../../core/format.ts';
import { useEliminarSolicitud } from '../api.ts';
import { abrirImportarCertificado } from '../ImportarCertificadoDialog.tsx';
import { vencimientosMessages } from '../messages.ts';
import { guardarCsr, PasosAfip } from '../SolicitudDialog.tsx';
import { Seccion } from './Seccion.tsx';

const t = vencimientosMessages.solicitud;

interface SolicitudesClienteProps {
  clienteId: number;
  solicitudes: Solicitud[];
  /** The client's certificates, to name the one a request renews. */
  certificados: Certificado[];
  puedeEditar: boolean;
}

function Acciones({ s, clienteId, puedeEditar }: { s: Solicitud; clienteId: number; puedeEditar: boolean }) {
  const eliminar = useEliminarSolicitud();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t.descargarCsr}>
        <ActionIcon variant="subtle" aria-label={`${t.descargarCsr} ${s.alias}`} onClick={() => void guardarCsr(s)}>
          <IconDownload size={16} />
        </ActionIcon>
      </Tooltip>
      <Popover width={420} position="bottom-end" withArrow shadow="md">
        <Popover.Target>
          <ActionIcon variant="subtle" aria-label={`${t.pasos} ${s.alias}`}>
            <IconListNumbers size={16} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <PasosAfip />
        </Popover.Dropdown>
      </Popover>
      {puedeEditar && (
        <>
          <Tooltip label={t.importar}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t.importar} ${s.alias}`}
              onClick={() => abrirImportarCertificado(clienteId, s)}
            >
              <IconCertificate size={16} />
            </ActionIcon>
          </Tooltip>
          <DeleteAction
            variant="icon"
            tooltip={t.cancelar}
            label={`${t.cancelar} ${s.alias}`}
            confirm={{ title: t.cancelarTitulo, message: t.cancelarTexto(s.alias) }}
            run={() => eliminar.mutateAsync(s.id)}
            done={{ title: t.cancelada, message: s.alias }}
            errorTitle={t.errorCancelar}
          />
        </>
      )}
    </Group>
  );
}

/** The client's requests waiting for AFIP's certificate: the CSR to upload, the steps, and the import that pairs it. */
export function SolicitudesCliente({ clienteId, solicitudes, certificados, puedeEditar }: SolicitudesClienteProps) {
  const renueva = (id: number | null) => {
    const c = id === null ? undefined : certificados.find((x) => x.id === id);
    return c ? (c.alias ?? c.cn) : null;
  };
  const columnas: ColumnDef<Solicitud>[] = [
    {
      id: 'alias',
      header: vencimientosMessages.alias,
      cell: ({ row: { original: s } }) => (
        <>
          <Group gap={6}>
            <Text size="sm">{s.alias}</Text>
            <Badge color="yellow" variant="light" size="sm">
              {t.pendiente}
            </Badge>
          </Group>
          <Code fz="xs">{s.sujeto}</Code>
        </>
      ),
    },
    {
      id: 'ambiente',
      header: vencimientosMessages.ambiente,
      cell: ({ row }) => AMBIENTE_ETIQUETA[row.original.ambiente],
    },
    { id: 'renueva', header: t.renueva, cell: ({ row }) => renueva(row.original.renueva_id) ?? '—' },
    {
      id: 'creado',
      header: t.generadaCol,
      cell: ({ row }) => t.generadaPor(formatFechaHora(row.original.creado), row.original.usuario),
    },
    {
      id: 'acciones',
      cell: ({ row }) => <Acciones s={row.original} clienteId={clienteId} puedeEditar={puedeEditar} />,
    },
  ];
  return (
    <Seccion title={t.pendientes} vacio={null}>
      <Text size="sm" c="dimmed" mb="xs">
        {t.pendienteAyuda}
      </Text>
      <DataTable
        label={t.pendientes}
        columns={columnas}
        rows={solicitudes}
        getRowId={(s) => String(s.id)}
        minWidth={800}
      />
    </Seccion>
  );
}
