import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ClientePicker } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useServidoresCliente } from './api.ts';
import { abrirCopiarParametros } from './CopiarParametros.tsx';
import { INSTALACIONES_PATH, InstalacionesLista } from './InstalacionesLista.tsx';
import { clientesMessages } from './messages.ts';
import { ParametrosGrid } from './ParametrosGrid.tsx';

const t = clientesMessages.instalaciones;

const idDe = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * `/clientes/parametros` (also the ORG variant's home): the clients with their installations to browse, then one
 * client, and optionally one of its servers, with its installation parameters to edit. The choice lives in the
 * URL (`?empresa=&servidor=`), so Back returns to the list as it was searched.
 */
export function Instalaciones() {
  const [params, setParams] = useSearchParams();
  const clienteId = idDe(params.get('empresa'));
  const servidorId = idDe(params.get('servidor'));
  const servidores = useServidoresCliente(clienteId);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');

  const elegir = (cliente: number | null, servidor: number | null = null) => {
    const next = new URLSearchParams();
    if (cliente !== null) next.set('empresa', String(cliente));
    if (cliente !== null && servidor !== null) next.set('servidor', String(servidor));
    setParams(next, { replace: false });
  };

  if (clienteId === null) {
    return (
      <>
        <PageHeader title={t.titulo} />
        <InstalacionesLista />
      </>
    );
  }

  const ambitos = [
    { value: '', label: t.delCliente },
    ...(servidores.data ?? []).map((s) => ({ value: String(s.id), label: t.delServidor(s.nombre) })),
  ];

  return (
    <>
      <PageHeader
        title={t.titulo}
        back={{ to: INSTALACIONES_PATH, label: t.volver }}
        actions={
          puedeEditar &&
          servidorId === null && (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={() => abrirCopiarParametros(clienteId)}
            >
              {t.copiar}
            </Button>
          )
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <ClientePicker
              label={t.cliente}
              placeholder={t.buscarCliente}
              value={clienteId}
              onChange={(id) => elegir(id)}
              w={{ base: '100%', sm: 420 }}
            />
            <Select
              label={t.servidor}
              data={ambitos}
              value={servidorId === null ? '' : String(servidorId)}
              onChange={(v) => elegir(clienteId, idDe(v))}
              allowDeselect={false}
              w={{ base: '100%', sm: 280 }}
              comboboxProps={{ withinPortal: true }}
            />
          </Group>
        </Paper>
        <ParametrosGrid
          key={`${clienteId}-${servidorId ?? 0}`}
          clienteId={clienteId}
          servidorId={servidorId}
          puedeEditar={puedeEditar}
        />
      </Stack>
    </>
  );
}
