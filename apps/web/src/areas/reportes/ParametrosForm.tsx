import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useForm, type Control } from 'react-hook-form';
import type { ParametroDef } from '@intranet/contract/areas/reportes';
import { ClienteSelect } from '../../components/EntitySelect/ClienteSelect.tsx';
import { useProductoOpciones } from '../../components/EntitySelect/useProductoOpciones.ts';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { SelectField } from '../../components/form/SelectField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { reportesMessages as t } from './messages.ts';
import type { ParametrosSchema } from './parametros.ts';

type Valores = Record<string, unknown>;

interface ParametrosFormProps {
  parametros: readonly ParametroDef[];
  schema: ParametrosSchema;
  /** The run's parameters (or a refused link's raw values): the form starts from them and follows the URL. */
  valores: Valores;
  /** The URL's values were refused: show why at once. */
  invalidos: boolean;
  ejecutando: boolean;
  onEjecutar: (valores: Valores) => void;
}

/** The report's parameters, drawn from its catalogue entry and validated by its contract schema before a run. */
export function ParametrosForm({
  parametros,
  schema,
  valores,
  invalidos,
  ejecutando,
  onEjecutar,
}: ParametrosFormProps) {
  const form = useForm<Valores, unknown, Valores>({ resolver: contractResolver(schema), defaultValues: valores });
  const valuesJson = JSON.stringify(valores);
  useEffect(() => {
    // Back and forward move through runs: the form shows the parameters of the run on screen.
    form.reset(JSON.parse(valuesJson) as Valores);
    if (invalidos) void form.trigger();
  }, [valuesJson, invalidos, form]);

  return (
    <Paper
      withBorder
      p="md"
      mb="md"
      component="form"
      noValidate
      aria-label={t.parametros}
      onSubmit={form.handleSubmit(onEjecutar)}
    >
      <Group align="flex-start" gap="md" wrap="wrap">
        {parametros.length === 0 && (
          <Text size="sm" c="dimmed">
            {t.sinParametros}
          </Text>
        )}
        {parametros.map((p) => (
          <Parametro key={p.tipo === 'opcion' ? p.clave : p.tipo} parametro={p} control={form.control} />
        ))}
        <Button type="submit" mt={25} leftSection={<IconPlayerPlay size={16} />} loading={ejecutando}>
          {t.ejecutar}
        </Button>
      </Group>
    </Paper>
  );
}

function Parametro({
  parametro: p,
  control,
}: {
  parametro: ParametroDef;
  control: Control<Valores, unknown, Valores>;
}) {
  switch (p.tipo) {
    case 'rango_meses':
    case 'rango_fechas': {
      const type = p.tipo === 'rango_meses' ? 'month' : 'date';
      return (
        <>
          <TextField control={control} name="desde" label={t.desde} type={type} w={170} />
          <TextField control={control} name="hasta" label={t.hasta} type={type} w={170} />
        </>
      );
    }
    case 'empresa':
      return <ClienteSelect control={control} name="empresa_id" label={p.etiqueta} placeholder={t.todos} w={280} />;
    case 'producto':
      return <ProductoSelect control={control} etiqueta={p.etiqueta} />;
    case 'opcion':
      return (
        <SelectField
          control={control}
          name={p.clave}
          label={p.etiqueta}
          data={p.opciones.map((o) => ({ value: o.valor, label: o.etiqueta }))}
          w={200}
        />
      );
  }
}

function ProductoSelect({ control, etiqueta }: { control: Control<Valores, unknown, Valores>; etiqueta: string }) {
  const productos = useProductoOpciones();
  const data = (productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }));
  return (
    <SelectField
      control={control}
      name="producto_id"
      label={etiqueta}
      numeric
      data={data}
      placeholder={t.todos}
      clearable
      allowDeselect
      searchable
      w={240}
    />
  );
}
