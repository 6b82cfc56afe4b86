import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { auditDiff } from '@intranet/contract/areas/auditoria';
import { formatAuditValue } from './auditDiff.ts';

describe('auditDiff', () => {
  it('lists only the changed fields of a modification, ignoring bookkeeping', () => {
    const antes = { id: 1, nombre: 'web-01', ip_publica: null, estado: 'activo', actualizado: '2026-01-01' };
    const despues = { id: 1, nombre: 'web-01', ip_publica: '10.0.0.1', estado: 'baja', actualizado: '2026-02-01' };
    expect(auditDiff(antes, despues)).toEqual([
      { campo: 'ip_publica', antes: null, despues: '10.0.0.1' },
      { campo: 'estado', antes: 'activo', despues: 'baja' },
    ]);
  });

  it('lists the fields set by a creation and removed by a deletion', () => {
    expect(auditDiff(null, { id: 3, host: 'a.example.com', ttl: 3600, notas: null })).toEqual([
      { campo: 'host', antes: null, despues: 'a.example.com' },
      { campo: 'ttl', antes: null, despues: 3600 },
    ]);
    expect(auditDiff({ host: 'a.example.com' }, null)).toEqual([
      { campo: 'host', antes: 'a.example.com', despues: null },
    ]);
  });

  it('treats blank and null as the same and compares nested values', () => {
    expect(auditDiff({ so: '' }, { so: null })).toEqual([]);
    expect(auditDiff({ dnss: [{ id: 1, host: 'a' }] }, { dnss: [] })).toHaveLength(1);
  });

  it('compares values that are not records as a whole', () => {
    expect(auditDiff('x', 'y')).toEqual([{ campo: '', antes: 'x', despues: 'y' }]);
    expect(auditDiff('x', 'x')).toEqual([]);
  });
});

describe('formatAuditValue', () => {
  it('writes values the way staff read them', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue(true)).toBe('Sí');
    expect(formatAuditValue(443)).toBe('443');
    expect(
      formatAuditValue([
        { id: 1, host: 'a.example.com' },
        { id: 2, host: 'b.example.com' },
      ]),
    ).toBe('a.example.com, b.example.com');
    expect(formatAuditValue({ a: 1 })).toBe('a: 1');
    expect(formatAuditValue({ usuario_ip: 11, ip: 11, usuario: 3 })).toBe('usuario_ip: 11, ip: 11, usuario: 3');
    expect(formatAuditValue({ id: 15, nombre: 'Nicolás Acosta' })).toBe('Nicolás Acosta');
  });

  it('formats days, instants and CUITs as the screens do, never raw', () => {
    expect(formatAuditValue('2026-11-24')).toBe('24/11/2026');
    expect(formatAuditValue('30123456781', 'cuit')).toBe('30-12345678-1');
    expect(formatAuditValue('30123456781', 'telefono')).toBe('30123456781');
    expect(formatAuditValue(dayjs('2026-11-24T14:43:00').toISOString())).toBe('24/11/2026 14:43');
    expect(formatAuditValue({ vence: '2027-01-31', cuit: '20111111112' })).toBe(
      'vence: 31/01/2027, cuit: 20-11111111-2',
    );
    expect(formatAuditValue(['2026-01-01', '2026-02-01'])).toBe('01/01/2026, 01/02/2026');
    expect(formatAuditValue('3.14.2')).toBe('3.14.2');
  });

  it('writes a rich-text document as its text, one block per line', () => {
    const p = (...content: object[]) => ({ type: 'paragraph', attrs: { align: null }, content });
    const doc = {
      type: 'doc',
      content: [
        p({ type: 'text', text: 'Hola ' }, { type: 'text', text: 'mundo', marks: [{ type: 'strong' }] }),
        { type: 'bullet_list', content: [{ type: 'list_item', content: [p({ type: 'text', text: 'uno' })] }] },
      ],
    };
    expect(formatAuditValue(doc)).toBe('Hola mundo\nuno');
    expect(formatAuditValue({ type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] })).toBe('—');
  });
});
