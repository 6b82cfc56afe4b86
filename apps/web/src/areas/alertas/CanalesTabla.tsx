import { Table, Text } from '@mantine/core';
import type { MisAlertas, MisAlertasInput } from '@intranet/contract/areas/alertas';
import type { Control } from 'react-hook-form';
import { SwitchField } from '../../components/form/SwitchField.tsx';
import { alertasMessages } from './messages.ts';

const t = alertasMessages.misAlertas;

/**
 * The kinds of alert, one row each, with a switch for the bell and one for e-mail (Mis alertas, and a role's
 * defaults). `sinElegir` says under a kind whose channels were not chosen where they come from.
 */
export function CanalesTabla({
  control,
  tipos,
  sinElegir,
  correo,
}: {
  /** A form of channels per kind (a role's form leaves the follows out). */
  control: Control<MisAlertasInput>;
  tipos: MisAlertas['tipos'];
  sinElegir: string;
  /** E-mail is configured on this server: its switches can be changed. */
  correo: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm" aria-label={t.tipo}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.tipo}</Table.Th>
            <Table.Th w={120}>{t.campana}</Table.Th>
            <Table.Th w={120}>{t.correo}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tipos.map((tipo, i) => (
            <Table.Tr key={tipo.tipo}>
              <Table.Td>
                <Text size="sm">{tipo.titulo}</Text>
                {!tipo.propia && (
                  <Text size="xs" c="dimmed">
                    {sinElegir}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <SwitchField
                  control={control}
                  name={`preferencias.${i}.portal`}
                  label=""
                  aria-label={`${tipo.titulo}: ${t.campana}`}
                />
              </Table.Td>
              <Table.Td>
                <SwitchField
                  control={control}
                  name={`preferencias.${i}.email`}
                  label=""
                  aria-label={`${tipo.titulo}: ${t.correo}`}
                  disabled={!correo}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
