import { ActionIcon, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { parametroUpdate, type Parametro, type ParametroUpdate } from '@intranet/contract/areas/clientes';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { HttpError } from '../../../core/http/HttpError.ts';
import { useModificarParametro } from './api.ts';
import { parametrosMessages as t } from './parametroOpciones.ts';
import { ParametroValorEditor } from './ParametroValorEditor.tsx';

type ParametroGuardado = z.output<typeof parametroUpdate>;

/** Only the value is edited in place; the server's errors on other fields show as the row's message. */
const FIELDS = ['valor'] as const;

const validar = contractResolver(parametroUpdate);

/** The contract's check, except that a secret left empty keeps the stored one: the PUT then carries no `valor`. */
const resolver: Resolver<ParametroUpdate, unknown, ParametroGuardado> = (values, context, options) => {
  const { valor, ...resto } = values;
  const conservarSecreto = values.tipo === 'secreto' && (valor ?? '').trim() === '';
  return validar(conservarSecreto ? resto : values, context, options);
};

interface ParametroEdicionProps {
  clienteId: number;
  parametro: Parametro;
  onGuardado: () => void;
  onCancelar: () => void;
}

/**
 * A parameter's value edited in its row: its input, save and cancel. A secret starts empty (the screen never holds it).
 */
export function ParametroEdicion({ clienteId, parametro: p, onGuardado, onCancelar }: ParametroEdicionProps) {
  const form = useForm<ParametroUpdate, unknown, ParametroGuardado>({
    resolver,
    defaultValues: {
      grupo: p.grupo,
      clave: p.clave,
      tipo: p.tipo,
      descripcion: p.descripcion,
      valor: p.tipo === 'secreto' ? '' : (p.valor ?? ''),
    },
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, FIELDS);
  const modificar = useModificarParametro(clienteId);

  const guardar = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      await modificar.mutateAsync({ id: p.id, values });
      notifications.show({ color: 'green', title: t.guardado, message: p.clave });
      onGuardado();
    } catch (error) {
      onServerError(error instanceof HttpError ? error : new Error(t.errorGuardar));
    }
  });

  // The row's own fields are not on screen: should the contract refuse one of them, say which and why.
  const { errors } = form.formState;
  const ajenos = (['grupo', 'clave', 'tipo', 'descripcion'] as const).flatMap((campo) => {
    const message = errors[campo]?.message;
    return message ? [`${t.campos[campo]}: ${message}`] : [];
  });

  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <div style={{ flex: 1 }}>
        <ParametroValorEditor
          control={form.control}
          tipo={p.tipo}
          otroError={ajenos.length > 0 ? ajenos.join(' ') : formError}
          onEnter={() => void guardar()}
        />
      </div>
      <ActionIcon
        variant="filled"
        aria-label={t.guardarValor(p.clave)}
        onClick={() => void guardar()}
        loading={modificar.isPending}
      >
        <IconCheck size={16} />
      </ActionIcon>
      <ActionIcon variant="default" aria-label={t.cancelarEdicion} onClick={onCancelar}>
        <IconX size={16} />
      </ActionIcon>
    </Group>
  );
}
