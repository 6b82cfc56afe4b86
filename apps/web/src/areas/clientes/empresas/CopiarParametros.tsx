import { Radio, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ClientePicker } from '../../../components/EntitySelect/ClienteSelect.tsx';
import { useCopiarParametros } from './api.ts';
import { clientesMessages } from './messages.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';

const t = clientesMessages.instalaciones;
const MODAL_ID = 'copiar-parametros';

/** "Copiar de otro cliente": opens the dialog (through @mantine/modals) for the client `clienteId`. */
export function abrirCopiarParametros(clienteId: number) {
  modals.open({
    modalId: MODAL_ID,
    title: t.copiarTitulo,
    centered: true,
    closeButtonProps: { 'aria-label': 'Cerrar' },
    children: <CopiarForm clienteId={clienteId} />,
  });
}

function CopiarForm({ clienteId }: { clienteId: number }) {
  const [desde, setDesde] = useState<number | null>(null);
  const [modo, setModo] = useState<'omitir' | 'sobrescribir'>('omitir');
  const [error, setError] = useState<string | null>(null);
  const copiar = useCopiarParametros(clienteId);

  const submit = async () => {
    if (desde === null) {
      setError('Elija un cliente');
      return;
    }
    try {
      const r = await copiar.mutateAsync({ desde_empresa_id: desde, modo });
      notifications.show({ color: 'green', title: t.copiado, message: t.copiadoTexto(r) });
      modals.close(MODAL_ID);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <form
      aria-label={t.copiarTitulo}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.copiarAyuda}
        </Text>
        <ClientePicker
          label={t.desde}
          placeholder={t.buscarCliente}
          value={desde}
          onChange={(v) => {
            setDesde(v);
            setError(null);
          }}
          excluir={clienteId}
          error={error}
          withAsterisk
        />
        <Radio.Group
          label={t.modo}
          value={modo}
          onChange={(v) => setModo(v === 'sobrescribir' ? 'sobrescribir' : 'omitir')}
        >
          <Stack gap={6} mt={6}>
            <Radio value="omitir" label={t.modos.omitir} />
            <Radio value="sobrescribir" label={t.modos.sobrescribir} />
          </Stack>
        </Radio.Group>
        <FormActions onCancel={() => modals.close(MODAL_ID)} submitting={copiar.isPending} label={t.copiarBoton} />
      </Stack>
    </form>
  );
}
