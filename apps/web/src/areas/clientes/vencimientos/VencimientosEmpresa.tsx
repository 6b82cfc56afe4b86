import { ActionIcon, Alert, Button, Code, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCertificate, IconEdit, IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCuit } from '@intranet/contract/clientes';
import {
  AMBIENTE_ETIQUETA,
  diasRestantesTexto,
  LICENCIA_TIPO_ETIQUETA,
  MODALIDAD_ETIQUETA,
  VENCIMIENTO_TIPO_ETIQUETA,
  type VencimientoTipo,
} from '@intranet/contract/clientes/vencimientos';
import { DeleteAction } from '../../../components/DeleteAction.tsx';
import { listMessages } from '../../../components/messages.ts';
import { EstadoChip } from '../../../components/Vencimientos/EstadoChip.tsx';
import { formatFecha } from '../../../core/format.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useEliminarItem, useVencimientosEmpresa } from './api.ts';
import { abrirCertificado } from './CertificadoDialog.tsx';
import { abrirImportarCertificado } from './ImportarCertificadoDialog.tsx';
import { abrirLicencia } from './LicenciaDialog.tsx';
import { vencimientosMessages as t } from './messages.ts';
import { abrirPuntoVenta } from './PuntoVentaDialog.tsx';
import { abrirRenovar } from './RenovarDialog.tsx';

function Seccion({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** The client's AFIP certificates, points of sale and Physis licences, with their expiries (client detail tab). */
export function VencimientosEmpresa({ empresaId }: { empresaId: number }) {
  const datos = useVencimientosEmpresa(empresaId);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const eliminar = useEliminarItem();
  if (datos.isPending) return <Text size="sm">{listMessages.cargando}</Text>;
  if (datos.isError) return <Alert color="red">{datos.error.message}</Alert>;
  const { certificados, puntos_venta, licencias, proximos } = datos.data;

  const borrarBoton = (tipo: VencimientoTipo, id: number, item: string) =>
    puedeEditar && (
      <DeleteAction
        variant="icon"
        tooltip={t.eliminar}
        label={`${t.eliminar} ${item}`}
        confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(item) }}
        run={() => eliminar.mutateAsync({ tipo, id })}
        done={{ title: t.eliminado, message: item }}
        errorTitle={t.errorEliminar}
      />
    );

  return (
    <Stack gap="md">
      <Seccion title={t.tablaAfip + ' y Physis'}>
        {proximos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.sinVencimientos}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped aria-label={t.campos.vence}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.campos.tipo}</Table.Th>
                  <Table.Th>{t.campos.item}</Table.Th>
                  <Table.Th>{t.campos.vence}</Table.Th>
                  <Table.Th>{t.campos.dias}</Table.Th>
                  <Table.Th>{t.campos.estado}</Table.Th>
                  {puedeEditar && <Table.Th>{t.campos.acciones}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {proximos.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>{VENCIMIENTO_TIPO_ETIQUETA[v.tipo]}</Table.Td>
                    <Table.Td>{v.item}</Table.Td>
                    <Table.Td>{formatFecha(v.vence)}</Table.Td>
                    <Table.Td>{diasRestantesTexto(v.dias)}</Table.Td>
                    <Table.Td>
                      <EstadoChip dias={v.dias} />
                    </Table.Td>
                    {puedeEditar && (
                      <Table.Td>
                        <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} />} aria-label={`${t.renovar} ${v.item}`} onClick={() => abrirRenovar({ ...v, meses: v.tipo === 'certificado' ? 24 : 12 })}>
                          {t.renovar}
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Seccion>

      <Seccion
        title={t.certificados}
        action={
          puedeEditar && (
            <Button size="xs" leftSection={<IconCertificate size={14} />} onClick={() => abrirImportarCertificado(empresaId)}>
              {t.importar}
            </Button>
          )
        }
      >
        {certificados.length === 0 ? (
          <Text size="sm" c="dimmed">{t.sinCertificados}</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label={t.certificados}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.alias}</Table.Th>
                  <Table.Th>{t.cert.cuit}</Table.Th>
                  <Table.Th>{t.cert.ambiente}</Table.Th>
                  <Table.Th>{t.cert.servicios}</Table.Th>
                  <Table.Th>{t.cert.emitido}</Table.Th>
                  <Table.Th>{t.cert.vence}</Table.Th>
                  <Table.Th>{t.cert.huella}</Table.Th>
                  {puedeEditar && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {certificados.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>
                      <Text size="sm">{c.alias ?? c.cn}</Text>
                      <Text size="xs" c="dimmed">CN {c.cn}</Text>
                    </Table.Td>
                    <Table.Td>{formatCuit(c.cuit)}</Table.Td>
                    <Table.Td>{AMBIENTE_ETIQUETA[c.ambiente]}</Table.Td>
                    <Table.Td>{c.servicios.join(', ')}</Table.Td>
                    <Table.Td>{formatFecha(c.emitido)}</Table.Td>
                    <Table.Td>{formatFecha(c.vence)}</Table.Td>
                    <Table.Td>
                      <Tooltip label={c.huella}>
                        <Code>{c.huella.slice(0, 17)}…</Code>
                      </Tooltip>
                    </Table.Td>
                    {puedeEditar && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={`Editar ${c.alias ?? c.cn}`} onClick={() => abrirCertificado(c)}>
                            <IconEdit size={16} />
                          </ActionIcon>
                          {borrarBoton('certificado', c.id, c.alias ?? c.cn)}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Seccion>

      <Seccion
        title={t.puntosVenta}
        action={
          puedeEditar && (
            <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => abrirPuntoVenta({ empresaId })}>
              {t.nuevoPuntoVenta}
            </Button>
          )
        }
      >
        {puntos_venta.length === 0 ? (
          <Text size="sm" c="dimmed">{t.sinPuntosVenta}</Text>
        ) : (
          <Table striped aria-label={t.puntosVenta}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.puntoVenta.numero}</Table.Th>
                <Table.Th>{t.puntoVenta.modalidad}</Table.Th>
                <Table.Th>{t.puntoVenta.cai_vence}</Table.Th>
                <Table.Th>{t.puntoVenta.descripcion}</Table.Th>
                {puedeEditar && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {puntos_venta.map((p) => {
                const nombre = `PV ${String(p.numero).padStart(5, '0')}`;
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>{nombre}</Table.Td>
                    <Table.Td>{MODALIDAD_ETIQUETA[p.modalidad]}</Table.Td>
                    <Table.Td>{p.cai_vence ? formatFecha(p.cai_vence) : '—'}</Table.Td>
                    <Table.Td>{p.descripcion}</Table.Td>
                    {puedeEditar && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={`Editar ${nombre}`} onClick={() => abrirPuntoVenta({ punto: p })}>
                            <IconEdit size={16} />
                          </ActionIcon>
                          {borrarBoton('punto_venta', p.id, nombre)}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Seccion>

      <Seccion
        title={t.licencias}
        action={
          puedeEditar && (
            <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => abrirLicencia({ empresaId })}>
              {t.nuevaLicencia}
            </Button>
          )
        }
      >
        {licencias.length === 0 ? (
          <Text size="sm" c="dimmed">{t.sinLicencias}</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label={t.licencias}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.licencia.producto}</Table.Th>
                  <Table.Th>{t.licencia.tipo}</Table.Th>
                  <Table.Th>{t.licencia.usuarios}</Table.Th>
                  <Table.Th>{t.licencia.inicio}</Table.Th>
                  <Table.Th>{t.licencia.vence}</Table.Th>
                  <Table.Th>{t.licencia.contacto}</Table.Th>
                  {puedeEditar && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {licencias.map((l) => {
                  const nombre = l.modulo ? `${l.producto} · ${l.modulo}` : l.producto;
                  return (
                    <Table.Tr key={l.id}>
                      <Table.Td>
                        <Text size="sm">{nombre}</Text>
                        {l.serial && <Text size="xs" c="dimmed">{l.serial}</Text>}
                      </Table.Td>
                      <Table.Td>{LICENCIA_TIPO_ETIQUETA[l.tipo]}{l.renovacion_auto ? ' · auto' : ''}</Table.Td>
                      <Table.Td>{l.usuarios}</Table.Td>
                      <Table.Td>{formatFecha(l.inicio)}</Table.Td>
                      <Table.Td>{l.baja ? `${t.deBaja} (${formatFecha(l.baja)})` : l.vence ? formatFecha(l.vence) : t.sinVence}</Table.Td>
                      <Table.Td>{l.contacto}</Table.Td>
                      {puedeEditar && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <ActionIcon variant="subtle" aria-label={`Editar ${nombre}`} onClick={() => abrirLicencia({ licencia: l })}>
                              <IconEdit size={16} />
                            </ActionIcon>
                            {borrarBoton('licencia', l.id, nombre)}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Seccion>
    </Stack>
  );
}
