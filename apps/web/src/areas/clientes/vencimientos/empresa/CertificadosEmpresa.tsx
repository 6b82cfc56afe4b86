import { Button, Code, Table, Text, Tooltip } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { formatCuit } from '@intranet/contract/clientes';
import { AMBIENTE_ETIQUETA, type Certificado } from '@intranet/contract/clientes/vencimientos';
import { formatFecha } from '../../../../core/format.ts';
import { abrirCertificado } from '../CertificadoDialog.tsx';
import { abrirImportarCertificado } from '../ImportarCertificadoDialog.tsx';
import { vencimientosMessages as t } from '../messages.ts';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

interface CertificadosEmpresaProps {
  empresaId: number;
  certificados: Certificado[];
  puedeEditar: boolean;
}

/** The client's AFIP certificates, imported from their file and then named and described. */
export function CertificadosEmpresa({ empresaId, certificados, puedeEditar }: CertificadosEmpresaProps) {
  return (
    <Seccion
      title={t.certificados}
      action={
        puedeEditar && (
          <Button size="xs" leftSection={<IconCertificate size={14} />} onClick={() => abrirImportarCertificado(empresaId)}>
            {t.importar}
          </Button>
        )
      }
      vacio={certificados.length === 0 ? t.sinCertificados : null}
    >
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
                  <Text size="xs" c="dimmed">
                    CN {c.cn}
                  </Text>
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
                {puedeEditar && <ItemAcciones tipo="certificado" id={c.id} nombre={c.alias ?? c.cn} onEditar={() => abrirCertificado(c)} />}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Seccion>
  );
}
