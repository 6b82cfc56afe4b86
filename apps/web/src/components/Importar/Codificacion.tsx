import { Button, Group, Menu, Text } from '@mantine/core';
import { CODIFICACION_NOMBRES, CODIFICACIONES, type Codificacion } from '@intranet/contract/shared/importacion';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { importarMessages as t } from './messages.ts';

export interface CodificacionProps {
  codificacion: Codificacion;
  cambiando: boolean;
  onCambiar: (codificacion: Codificacion) => void;
}

/** The encoding a CSV was read in, recognised by the server, and the others to read it in instead. */
export function CodificacionDelArchivo({ codificacion, cambiando, onCambiar }: CodificacionProps) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {t.codificacion(CODIFICACION_NOMBRES[codificacion])}
      </Text>
      <Menu position="bottom-start" width={260} withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="subtle"
            loading={cambiando}
            rightSection={<IconChevronDown size={12} />}
            title={t.cambiarCodificacionTitulo}
          >
            {t.cambiarCodificacion}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label style={{ whiteSpace: 'normal' }}>{t.codificacionAyuda}</Menu.Label>
          {CODIFICACIONES.map((c) => (
            <Menu.Item
              key={c}
              leftSection={c === codificacion ? <IconCheck size={14} /> : <span style={{ width: 14 }} />}
              onClick={() => c !== codificacion && onCambiar(c)}
            >
              {CODIFICACION_NOMBRES[c]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
