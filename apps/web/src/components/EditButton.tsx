import { Button } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A record header's Editar: a link to the record's edit route (`to`), with the pencil. */
export function EditButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} variant="default" leftSection={<IconEdit size={16} />}>
      {children}
    </Button>
  );
}
