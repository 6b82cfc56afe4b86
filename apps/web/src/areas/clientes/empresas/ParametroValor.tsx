import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import type { Parametro } from '@intranet/contract/areas/clientes';
import { useRevelarSecreto } from './api.ts';
import { clientesMessages } from './messages.ts';
import { fuenteDe, parametrosMessages as t } from './parametroOpciones.ts';

interface ParametroValorProps {
  clienteId: number;
  parametro: Parametro;
  puedeEditar: boolean;
  /** A secret in clear once asked for (the server audits it), null while masked. */
  revelado: string | null;
  onRevelado: (valor: string | null) => void;
}

function mostrar(p: Parametro): string {
  if (p.tipo === 'booleano') return p.valor === 'true' ? clientesMessages.si : clientesMessages.no;
  return p.valor ?? '';
}

/** A parameter's value as shown: Sí/No for a yes/no; a secret masked, shown on request to those who may edit. */
export function ParametroValor({ clienteId, parametro: p, puedeEditar, revelado, onRevelado }: ParametroValorProps) {
  const revelar = useRevelarSecreto(clienteId);
  if (p.tipo !== 'secreto') {
    return (
      <Text size="sm" ff={fuenteDe(p.tipo)} data-testid={`valor-${p.clave}`} style={{ wordBreak: 'break-all' }}>
        {mostrar(p)}
      </Text>
    );
  }

  const mostrarSecreto = () => {
    revelar.mutate(p.id, {
      onSuccess: (v) => onRevelado(v),
      onError: (err) => notifications.show({ color: 'red', title: t.errorRevelar, message: err.message }),
    });
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace" data-testid={`valor-${p.clave}`}>
        {revelado ?? t.enmascarado}
      </Text>
      {puedeEditar &&
        (revelado === null ? (
          <Tooltip label={t.revelarAyuda}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={t.revelar(p.clave)}
              onClick={mostrarSecreto}
              loading={revelar.isPending}
            >
              <IconEye size={16} />
            </ActionIcon>
          </Tooltip>
        ) : (
          <ActionIcon variant="subtle" size="sm" aria-label={t.ocultar(p.clave)} onClick={() => onRevelado(null)}>
            <IconEyeOff size={16} />
          </ActionIcon>
        ))}
    </Group>
  );
}
