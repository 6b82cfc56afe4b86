import { auditDiff, type CampoCambiado } from '@intranet/contract/areas/auditoria';
import { formatCuit } from '@intranet/contract/shared/cuit';
import { formatFecha, formatFechaHora } from '../../core/format.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** The plain text of a rich-text document (`{type: 'doc', ...}`), blocks on their own lines. */
function documentText(node: Record<string, unknown>): string {
  if (typeof node.text === 'string') return node.text;
  if (node.type === 'hard_break') return '\n';
  const children = Array.isArray(node.content) ? node.content.filter(isRecord) : [];
  const inline = children.some(
    (child) => typeof child.text === 'string' || child.type === 'hard_break' || child.type === 'image',
  );
  return children.map(documentText).join(inline ? '' : '\n');
}

const DIA = /^\d{4}-\d{2}-\d{2}$/;
const INSTANTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A text value as its screen shows it: a day dd/mm/aaaa, an instant dd/mm/aaaa hh:mm, a CUIT with its dashes. */
function formatTexto(value: string, campo: string): string {
  if (DIA.test(value)) return formatFecha(value);
  if (INSTANTE.test(value)) return formatFechaHora(value);
  if (campo === 'cuit') return formatCuit(value);
  return value;
}

/**
 * A value as the history shows it, formatted as the screens show it (core/format.ts): '—' for nothing, Sí/No,
 * days and instants, CUITs, lists of DNS names by host, rich text as its text, a reference to a person or
 * record (`{id, nombre}`) by its name, JSON otherwise. `campo` is the field's name.
 */
export function formatAuditValue(value: unknown, campo = ''): string {
  if (isBlank(value)) return '—';
  if (isRecord(value) && value.type === 'doc') return documentText(value).trim() || '—';
  if (isRecord(value) && typeof value.nombre === 'string') return value.nombre;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return formatTexto(value, campo);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value
      .map((item) => (isRecord(item) && typeof item.host === 'string' ? item.host : formatAuditValue(item, campo)))
      .join(', ');
  }
  // Any other record reads as its fields, e.g. a lockout's counts "usuario_ip: 11, ip: 11".
  if (isRecord(value))
    return (
      Object.entries(value)
        .map(([clave, v]) => `${clave}: ${formatAuditValue(v, clave)}`)
        .join(', ') || '—'
    );
  return JSON.stringify(value);
}

/** A field's name as staff would read it when the screen names it nowhere: 'so_version' → 'So version'. */
export function campoLegible(campo: string): string {
  const texto = campo.replace(/_/g, ' ').trim();
  return texto.charAt(0).toUpperCase() + texto.slice(1);
}

/** Read from a record's other fields, not set on the form: counts of related records. */
const DERIVADO = /_count$/;

/**
 * A change's fields as the form shows them. A reference kept as `X_id` beside its name `X_nombre` (the
 * client's contact, the machine's holder) is one field, shown by the name: "Contacto: Ana Ruiz → Juan Paz",
 * never "Contacto: 18" nor a raw `contacto_nombre`; a name that changed while the reference stayed (the
 * person renamed) is no change of this record. Counts of related records are left out.
 */
export function cambiosLegibles(antes: unknown, despues: unknown): CampoCambiado[] {
  const registro = (v: unknown): Record<string, unknown> => (isRecord(v) ? v : {});
  const a = registro(antes);
  const d = registro(despues);
  const tiene = (campo: string) => campo in a || campo in d;
  return auditDiff(antes, despues).flatMap((c) => {
    if (DERIVADO.test(c.campo)) return [];
    const nombre = c.campo.endsWith('_nombre') ? c.campo.slice(0, -'_nombre'.length) : null;
    if (nombre !== null && tiene(`${nombre}_id`)) return [];
    const ref = c.campo.endsWith('_id') ? `${c.campo.slice(0, -'_id'.length)}_nombre` : null;
    if (ref !== null && tiene(ref))
      return [
        {
          campo: c.campo,
          antes: c.antes === null ? null : (a[ref] ?? c.antes),
          despues: c.despues === null ? null : (d[ref] ?? c.despues),
        },
      ];
    return [c];
  });
}
