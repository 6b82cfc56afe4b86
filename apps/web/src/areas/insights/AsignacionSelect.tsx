import { Select, type SelectProps } from '@mantine/core';
import type { Issue } from '@intranet/contract/areas/insights';
import { useAsignables, useRolesAsignables } from './api.ts';
import { insightsMessages as t } from './messages.ts';

/** Who an issue goes to: a person or a role as a team; both null is nobody. */
export interface Asignacion {
  asignado_id: number | null;
  asignado_rol_id: number | null;
  /** The chosen name, for the notice ("Equipo Soporte"). */
  nombre: string | null;
}

const valorDe = (issue: Pick<Issue, 'asignado' | 'asignado_rol'> | undefined) =>
  issue?.asignado ? `p:${issue.asignado.id}` : issue?.asignado_rol ? `r:${issue.asignado_rol.id}` : null;

/** The assignee picker: people and roles in two groups, searchable; clearing it unassigns. */
export function AsignacionSelect({
  issue,
  onChange,
  label,
  w = 220,
}: {
  issue?: Pick<Issue, 'asignado' | 'asignado_rol'>;
  onChange: (a: Asignacion) => void;
  label: string;
  w?: SelectProps['w'];
}) {
  const personas = useAsignables();
  const roles = useRolesAsignables();
  const gente = (personas.data ?? []).map((p) => ({ value: `p:${p.id}`, label: p.nombre }));
  const equipos = (roles.data ?? []).map((r) => ({ value: `r:${r.id}`, label: t.equipo(r.nombre) }));
  // The current assignee stays choosable even if no longer offered.
  if (issue?.asignado && !gente.some((o) => o.value === `p:${issue.asignado?.id}`))
    gente.push({ value: `p:${issue.asignado.id}`, label: issue.asignado.nombre });
  if (issue?.asignado_rol && !equipos.some((o) => o.value === `r:${issue.asignado_rol?.id}`))
    equipos.push({ value: `r:${issue.asignado_rol.id}`, label: t.equipo(issue.asignado_rol.nombre) });
  const elegir = (value: string | null) => {
    const nombre = [...gente, ...equipos].find((o) => o.value === value)?.label ?? null;
    const id = value ? Number(value.slice(2)) : null;
    onChange({
      asignado_id: value?.startsWith('p:') ? id : null,
      asignado_rol_id: value?.startsWith('r:') ? id : null,
      nombre,
    });
  };
  return (
    <Select
      aria-label={label}
      placeholder={issue ? t.sinAsignar : label}
      data={[
        { group: t.personas, items: gente },
        { group: t.equipos, items: equipos },
      ]}
      value={valorDe(issue)}
      onChange={elegir}
      clearable={issue !== undefined}
      allowDeselect={false}
      searchable
      w={w}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
