import { Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { parametroInput, type ParametroInput } from '@intranet/contract/areas/clientes';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormError } from '../../../components/form/FormError.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TextField } from '../../../components/form/TextField.tsx';
import { useCrearParametro } from './api.ts';
import { booleanOptions, parametrosMessages as t, tipoOptions } from './parametroOpciones.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const FIELDS = ['grupo', 'clave', 'tipo', 'valor', 'descripcion'] as const;

interface ParametroNuevoProps {
  clienteId: number;
  servidorId: number | null;
  /** The scope's groups; the first is the new parameter's. */
  grupos: string[];
  onDone: () => void;
}

/** Adds one parameter to the scope (the form validates the value by its type, as the server does). */
export function ParametroNuevo({ clienteId, servidorId, grupos, onDone }: ParametroNuevoProps) {
  const form = useForm<ParametroInput, unknown, ParametroInput>({
    resolver: contractResolver(parametroInput),
    defaultValues: {
      servidor_id: servidorId,
      grupo: grupos[0] ?? 'General',
      clave: '',
      tipo: 'texto',
      valor: '',
      descripcion: '',
    },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, FIELDS);
  const crear = useCrearParametro(clienteId);
  const tipo = form.watch('tipo');

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const creado = await crear.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardado, message: creado.clave });
      onDone();
    } catch (error) {
      onServerError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.nuevoTitulo}>
        <Stack gap="sm">
          <Text fw={700}>{t.nuevoTitulo}</Text>
          <FormError message={formError} />
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextField control={form.control} name="grupo" label={t.campos.grupo} withAsterisk w={160} maxLength={60} />
            <TextField
              control={form.control}
              name="clave"
              label={t.campos.clave}
              withAsterisk
              w={200}
              maxLength={100}
              autoFocus
            />
            <SelectField control={form.control} name="tipo" label={t.campos.tipo} data={tipoOptions} w={130} />
            {tipo === 'booleano' ? (
              <SelectField control={form.control} name="valor" label={t.campos.valor} data={booleanOptions} w={120} />
            ) : (
              <TextField
                control={form.control}
                name="valor"
                label={t.campos.valor}
                type={tipo === 'secreto' ? 'password' : 'text'}
                w={260}
                maxLength={2000}
              />
            )}
            <TextField control={form.control} name="descripcion" label={t.campos.descripcion} w={220} maxLength={500} />
          </Group>
          <FormActions inline onCancel={onDone} submitting={form.formState.isSubmitting} />
        </Stack>
      </form>
    </Paper>
  );
}
