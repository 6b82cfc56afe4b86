// A backup's seal: HMAC-SHA256 of every part of the archive and of the manifest's own fields, under a key of its
// own derived from SECRETS_KEY, so a restore can tell an archive changed after it was made
// (docs/decisions/sealed-backups.md).
import { createHmac, hkdfSync, timingSafeEqual, type Hmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { secretsKeyOf } from '../core/secretos.ts';
import { ArchivoInvalido } from './archivo.ts';
import { NOMBRE_MANIFIESTO, PREFIJO_ARCHIVOS, type Manifiesto } from './manifest.ts';

const ALGORITMO_SELLO = 'HMAC-SHA256';
/** HKDF's `info`: SECRETS_KEY also encrypts Instalaciones' secrets (AES-GCM), a key is never used for two purposes. */
const PROPOSITO = 'intranet/respaldo/sello/v1';

/** The backup's sealing key, derived from SECRETS_KEY (HKDF-SHA256): the same SECRETS_KEY always gives the same one. */
function sealingKeyOf(secretsKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), PROPOSITO, 32));
}

/**
 * JSON with every object's keys sorted and no spaces: the manifest's MAC must not depend on how its text was
 * indented or in which order a parser kept the keys.
 */
function canonico(valor: unknown): string {
  if (Array.isArray(valor)) return `[${valor.map(canonico).join(',')}]`;
  if (valor !== null && typeof valor === 'object') {
    const campos = Object.entries(valor as Record<string, unknown>).filter(([, v]) => v !== undefined);
    campos.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${campos.map(([k, v]) => `${JSON.stringify(k)}:${canonico(v)}`).join(',')}}`;
  }
  return JSON.stringify(valor) ?? 'null';
}

/** Seals and checks with one SECRETS_KEY. Each MAC starts with what it is of, so one cannot stand for another. */
export class Sellador {
  private readonly sealingKey: Buffer;
  constructor(secretsKey: Buffer) {
    this.sealingKey = sealingKeyOf(secretsKey);
  }

  private mac(tipo: string, ...campos: string[]): Hmac {
    // Names hold no NUL (tar paths, table identifiers): it separates the fields unambiguously.
    return createHmac('sha256', this.sealingKey).update([tipo, ...campos, ''].join('\0'));
  }

  /**
   * Which key sealed: a MAC of a fixed text, so a restore can say "another SECRETS_KEY" rather than "edited",
   * revealing nothing of the key.
   */
  huellaDeClave(): string {
    return this.mac('clave').digest('hex').slice(0, 16);
  }

  /** A table's MAC, fed its CSV as it streams (`update`), read with `digest('hex')` at its end. */
  tabla(entrada: string): Hmac {
    return this.mac('tabla', entrada);
  }

  /**
   * A stored file's MAC: of its SHA-256, which names it in the store. The backup writes the manifest before the
   * files, and so seals them without reading them twice; the restore computes the SHA-256 from the bytes it reads.
   */
  archivo(entrada: string, tamano: number, sha256: string): string {
    return this.mac('archivo', entrada, String(tamano), sha256).digest('hex');
  }

  /** The MAC of the manifest's every field but this one (`sello.manifiesto`). */
  manifiesto(datos: unknown): string {
    const sinMac = structuredClone(datos) as { sello?: { manifiesto?: unknown } };
    if (sinMac.sello && typeof sinMac.sello === 'object') delete sinMac.sello.manifiesto;
    return this.mac('manifiesto', canonico(sinMac)).digest('hex');
  }

  /** Seals a manifest whose parts are listed with their MACs: answers it with its `sello`. */
  sellar(manifiesto: Omit<Manifiesto, 'sello'>, partes: Record<string, string>): Manifiesto {
    const sellado: Manifiesto = {
      ...manifiesto,
      sello: { algoritmo: ALGORITMO_SELLO, clave: this.huellaDeClave(), partes, manifiesto: '' },
    };
    sellado.sello!.manifiesto = this.manifiesto(sellado);
    return sellado;
  }
}

/** Constant time: a MAC compared byte by byte as it arrives would tell a forger how much of it was right. */
function iguales(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The archive was changed after it was made, or cannot be shown not to have been: the message names what failed.
 * Nothing is restored (a restore told `--forzar` goes on, and audits it).
 */
export class SelloInvalido extends ArchivoInvalido {}

/**
 * The SECRETS_KEY a restore checks with: SECRETS_KEY, or DATA_DIR/secrets.key if it is there (docs/operations.md says
 * to copy it before restoring). Never generated here: a new key could not check anything, and the target stays
 * untouched.
 */
export function claveParaComprobar(config: { secretsKey?: Buffer | undefined; dataDir: string }): Buffer | undefined {
  if (config.secretsKey) return config.secretsKey;
  if (!existsSync(join(config.dataDir, 'secrets.key'))) return undefined;
  return secretsKeyOf(config, () => undefined);
}

function nombreDeParte(entrada: string): string {
  if (entrada.startsWith('db/') && entrada.endsWith('.csv')) return `la tabla ${entrada.slice(3, -4)} (${entrada})`;
  return entrada.startsWith(PREFIJO_ARCHIVOS) ? `el archivo ${entrada}` : `la entrada ${entrada}`;
}

const cambiada = (entrada: string) =>
  `trae ${nombreDeParte(entrada)} con cambios posteriores a su creación (no coincide con su sello)`;

/**
 * A restore's check of the seal, as it reads: the manifest before anything is touched, then every part as it
 * streams by. Each failure is refused with `SelloInvalido`; told to force, it is noted (`hallazgos`) and the
 * restore goes on, the archive's other checks (rows, SHA-256 of the files) still applying.
 */
export class ComprobacionDeSello {
  /** What did not check, in the operator's words: what a forced restore audits. */
  readonly hallazgos: string[] = [];
  private readonly sellador: Sellador | undefined;
  private readonly partes: ReadonlyMap<string, string>;
  private readonly vistas = new Set<string>();

  constructor(
    manifiesto: Manifiesto,
    /** The manifest as parsed, unknown fields included: an added field is an edit too. */
    crudo: unknown,
    secretsKey: Buffer | undefined,
    private readonly forzar: boolean,
  ) {
    const sello = manifiesto.sello;
    let sellador: Sellador | undefined;
    if (!sello) {
      this.fallo('no tiene sello (se hizo antes de que los respaldos se sellaran, o se le quitó)');
    } else if (!secretsKey) {
      this.fallo(
        'no se puede comprobar: este entorno no tiene SECRETS_KEY ni DATA_DIR/secrets.key (defina la SECRETS_KEY del entorno que lo creó)',
      );
    } else {
      const candidato = new Sellador(secretsKey);
      if (!iguales(sello.clave, candidato.huellaDeClave())) {
        this.fallo('fue sellado con otra SECRETS_KEY (defina la SECRETS_KEY del entorno que lo creó)');
      } else if (!iguales(sello.manifiesto, candidato.manifiesto(crudo))) {
        this.fallo(`trae su ${NOMBRE_MANIFIESTO} con cambios posteriores a su creación (no coincide con su sello)`);
      } else {
        sellador = candidato;
      }
    }
    // Parts are checked only against a manifest that checked: an edited one could list anything.
    this.sellador = sellador;
    this.partes = new Map(sellador && sello ? Object.entries(sello.partes) : []);
  }

  private fallo(motivo: string): void {
    if (!this.forzar) throw new SelloInvalido(motivo);
    this.hallazgos.push(motivo);
  }

  /** Each entry as it comes: one the seal does not list, or one already seen, was added after. */
  entrada(nombre: string): void {
    if (!this.sellador) return;
    if (this.vistas.has(nombre)) {
      this.fallo(`trae dos veces ${nombreDeParte(nombre)} (se añadió después de crearse)`);
      return;
    }
    this.vistas.add(nombre);
    if (nombre !== NOMBRE_MANIFIESTO && !this.partes.has(nombre)) {
      this.fallo(`trae ${nombreDeParte(nombre)}, que su sello no lista (se añadió o se renombró después de crearse)`);
    }
  }

  /** A table's MAC to feed with its bytes as they load, or none when there is nothing to check. */
  medirTabla(entrada: string): Hmac | undefined {
    return this.sellador && this.partes.has(entrada) ? this.sellador.tabla(entrada) : undefined;
  }

  /** Once a table's entry has been read whole. */
  tablaLeida(entrada: string, mac: Hmac | undefined): void {
    if (mac && !iguales(mac.digest('hex'), this.partes.get(entrada)!)) this.fallo(cambiada(entrada));
  }

  /** Once a stored file has been read whole: its size and the SHA-256 of the bytes read. */
  archivoLeido(entrada: string, tamano: number, sha256: string): void {
    const esperado = this.partes.get(entrada);
    if (!this.sellador || esperado === undefined) return;
    if (!iguales(this.sellador.archivo(entrada, tamano, sha256), esperado)) this.fallo(cambiada(entrada));
  }

  /** After the last entry: a part the seal lists that never came was removed. */
  alTerminar(): void {
    if (!this.sellador) return;
    const faltan = [...this.partes.keys()].filter((p) => !this.vistas.has(p));
    if (faltan.length > 0) {
      const lista =
        faltan.slice(0, 5).map(nombreDeParte).join(', ') + (faltan.length > 5 ? ` y ${faltan.length - 5} más` : '');
      const uno = faltan.length === 1;
      this.fallo(
        `le falta${uno ? '' : 'n'} ${lista}, que su sello lista (se quit${uno ? 'ó' : 'aron'} después de crearse)`,
      );
    }
  }
}
