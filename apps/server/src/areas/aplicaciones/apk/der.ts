/**
 * A minimal DER reader for the PKCS#7 block of a v1 APK signature: each node keeps the exact bytes it was
 * read from, because the certificate's fingerprint and the signed attributes are defined over those bytes
 * (a parse and re-encode could change them).
 */
export interface DerNode {
  /** The identifier octet: class, constructed bit and tag number (tags above 30 are not used here). */
  tag: number;
  /** The whole TLV. */
  raw: Buffer;
  /** The contents octets. */
  value: Buffer;
}

export class DerError extends Error {}

export const DER = {
  INTEGER: 0x02,
  OCTET_STRING: 0x04,
  OID: 0x06,
  SEQUENCE: 0x30,
  SET: 0x31,
  /** [0] constructed, as the optional parts of SignedData and SignerInfo are tagged. */
  CONTEXT_0: 0xa0,
  CONTEXT_1: 0xa1,
} as const;

/** Reads the TLV at `offset` of `buf`. */
export function derAt(buf: Buffer, offset = 0): DerNode {
  if (offset + 2 > buf.length) throw new DerError('DER truncado');
  const tag = buf[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('Etiqueta DER no admitida');
  let length = buf[offset + 1]!;
  let header = 2;
  if (length & 0x80) {
    const octets = length & 0x7f;
    // Indefinite lengths (BER) and lengths past 4 octets are not DER a signature block would carry.
    if (octets === 0 || octets > 4) throw new DerError('Longitud DER inválida');
    if (offset + 2 + octets > buf.length) throw new DerError('DER truncado');
    length = buf.readUIntBE(offset + 2, octets);
    header += octets;
  }
  const end = offset + header + length;
  if (end > buf.length) throw new DerError('DER truncado');
  return { tag, raw: buf.subarray(offset, end), value: buf.subarray(offset + header, end) };
}

/** The children of a constructed node. */
export function derChildren(node: DerNode): DerNode[] {
  if (!(node.tag & 0x20)) throw new DerError('Se esperaba un valor DER compuesto');
  const children: DerNode[] = [];
  for (let offset = 0; offset < node.value.length; ) {
    const child = derAt(node.value, offset);
    children.push(child);
    offset += child.raw.length;
  }
  return children;
}

/** A child by position that must carry the given tag. */
export function derExpect(nodes: readonly DerNode[], index: number, tag: number): DerNode {
  const node = nodes[index];
  if (!node || node.tag !== tag) throw new DerError(`Estructura DER inesperada (posición ${index})`);
  return node;
}

/** An OBJECT IDENTIFIER's dotted form. */
export function derOid(node: DerNode): string {
  if (node.tag !== DER.OID || node.value.length === 0) throw new DerError('Se esperaba un OID');
  const parts: number[] = [];
  let value = 0;
  for (const byte of node.value) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  const first = parts.shift()!;
  const head = first < 40 ? [0, first] : first < 80 ? [1, first - 40] : [2, first - 80];
  return [...head, ...parts].join('.');
}
