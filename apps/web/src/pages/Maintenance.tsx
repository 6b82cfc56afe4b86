import { Button } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { checkEstado } from '../core/estado.ts';
import { getConfigState } from '../core/config/config.ts';
import { messages } from '../core/messages.ts';
import { StatusPage } from './StatusPage.tsx';

const t = messages.paginas;

/** /maintenance: the site is under maintenance; every /api call answers 503 meanwhile. */
export function MaintenancePage() {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);

  const comprobar = async () => {
    if (getConfigState().status !== 'ready') return;
    setChecking(true);
    const up = await checkEstado();
    setChecking(false);
    if (up) await navigate('/');
  };

  return (
    <StatusPage
      testId="page-maintenance"
      title={t.mantenimientoTitulo}
      lines={[t.mantenimientoDisculpas, t.mantenimientoReintentar]}
    >
      <Button variant="light" mt="sm" loading={checking} onClick={() => void comprobar()}>
        {t.mantenimientoComprobar}
      </Button>
    </StatusPage>
  );
}
