import { isIP } from 'node:net';
import { checkServerIdentity, connect, type ConnectionOptions, type PeerCertificate } from 'node:tls';
import type { VerificacionResultado } from '@intranet/contract/areas/sitios';
import { fechaCorta } from '@intranet/contract/areas/clientes/vencimientos';
import { fechaLocal } from '../../core/fechas.ts';

/** How long "Verificar" waits for the TLS handshake, the name lookup included. */
export const TLS_TIMEOUT_MS = 5000;

export interface CertificadoLeido {
  /** yyyy-mm-dd in Buenos Aires, like every date of the portal. */
  validoDesde: string;
  validoHasta: string;
  emisor: string | null;
  sujeto: string | null;
  sans: string[];
}

/** What a check found: never an exception, whatever the network does. */
export interface ResultadoTls {
  resultado: VerificacionResultado;
  codigo: string;
  mensaje: string;
  host: string;
  puerto: number;
  certificado: CertificadoLeido | null;
}

export interface OpcionesTls {
  timeoutMs?: number;
  /** Extra trusted authorities (the tests' own CA); the system's list otherwise. */
  ca?: ConnectionOptions['ca'];
}

const fechaDe = (texto: string) => fechaLocal(new Date(texto));

const primero = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** "Let's Encrypt (R11)", "Physis CA": the issuer's organisation and name. */
function nombreDe(parte: PeerCertificate['issuer'] | undefined): string | null {
  const o = primero(parte?.O);
  const cn = primero(parte?.CN);
  if (o && cn && o !== cn) return `${o} (${cn})`;
  return o ?? cn ?? null;
}

/** "DNS:a.com, IP Address:127.0.0.1" -> ['a.com', '127.0.0.1']. */
const sansDe = (cert: PeerCertificate): string[] =>
  (cert.subjectaltname ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^(DNS|IP Address):/, ''))
    .filter(Boolean);

function leer(cert: PeerCertificate): CertificadoLeido {
  return {
    validoDesde: fechaDe(cert.valid_from),
    validoHasta: fechaDe(cert.valid_to),
    emisor: nombreDe(cert.issuer),
    sujeto: primero(cert.subject?.CN) ?? null,
    sans: sansDe(cert),
  };
}

const CONFIANZA: Record<string, { codigo: string; mensaje: string }> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: {
    codigo: 'autofirmado',
    mensaje: 'el certificado es autofirmado (los navegadores lo rechazan)',
  },
  SELF_SIGNED_CERT_IN_CHAIN: {
    codigo: 'autofirmado',
    mensaje: 'la cadena termina en una autoridad autofirmada que no es de confianza',
  },
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: {
    codigo: 'no_confiable',
    mensaje: 'no se pudo verificar quién firmó el certificado (¿falta el certificado intermedio?)',
  },
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: {
    codigo: 'no_confiable',
    mensaje: 'la autoridad que lo emitió no es de confianza (¿falta el certificado intermedio?)',
  },
};

/** Classifies a certificate the handshake delivered: ok, a warning (expired, self-signed...) or wrong host. */
function evaluar(
  host: string,
  puerto: number,
  cert: PeerCertificate,
  autorizacion: Error | string | null,
): ResultadoTls {
  const leido = leer(cert);
  const base = { host, puerto, certificado: leido };
  const identidad = checkServerIdentity(host, cert);
  if (identidad) {
    const para = leido.sans.length ? leido.sans.join(', ') : (leido.sujeto ?? 'otro nombre');
    return {
      ...base,
      resultado: 'error',
      codigo: 'host_no_coincide',
      mensaje: `El certificado no es válido para ${host}: está emitido para ${para}.`,
    };
  }
  const advertencias: { codigo: string; mensaje: string }[] = [];
  const ahora = Date.now();
  if (new Date(cert.valid_to).getTime() < ahora)
    advertencias.push({ codigo: 'vencido', mensaje: `el certificado venció el ${fechaCorta(leido.validoHasta)}` });
  if (new Date(cert.valid_from).getTime() > ahora)
    advertencias.push({
      codigo: 'aun_no_valido',
      mensaje: `el certificado recién es válido desde el ${fechaCorta(leido.validoDesde)}`,
    });
  // Node hands the reason as its OpenSSL code, a string at run time though typed as an Error.
  const codigoConfianza =
    typeof autorizacion === 'string'
      ? autorizacion
      : ((autorizacion as { code?: string } | null)?.code ?? autorizacion?.message);
  // OpenSSL names one problem only (an expired self-signed certificate reads as just expired): look at the names too.
  const autoemitido = JSON.stringify(cert.subject) === JSON.stringify(cert.issuer);
  const porFecha = codigoConfianza === 'CERT_HAS_EXPIRED' || codigoConfianza === 'CERT_NOT_YET_VALID';
  const confianza = porFecha ? (autoemitido ? 'DEPTH_ZERO_SELF_SIGNED_CERT' : null) : codigoConfianza;
  if (confianza)
    advertencias.push(
      CONFIANZA[confianza] ?? { codigo: 'no_confiable', mensaje: `el certificado no es de confianza (${confianza})` },
    );
  const emisor = leido.emisor ? `, emitido por ${leido.emisor}` : '';
  if (advertencias.length === 0) {
    return {
      ...base,
      resultado: 'ok',
      codigo: 'ok',
      mensaje: `Certificado válido para ${host}${emisor}; vence el ${fechaCorta(leido.validoHasta)}.`,
    };
  }
  const detalle = advertencias.map((a) => a.mensaje).join('; ');
  return {
    ...base,
    resultado: 'advertencia',
    codigo: advertencias[0]!.codigo,
    mensaje: `Certificado leído${emisor}, vence el ${fechaCorta(leido.validoHasta)}. Advertencia: ${detalle}.`,
  };
}

/** Why the site could not be read, in Spanish, saying which of the usual causes it was. */
function fallo(host: string, puerto: number, err: NodeJS.ErrnoException | 'timeout', timeoutMs: number): ResultadoTls {
  const base = { host, puerto, certificado: null, resultado: 'error' as const };
  const destino = `${host}:${puerto}`;
  if (err === 'timeout') {
    return {
      ...base,
      codigo: 'tiempo',
      mensaje: `Sin respuesta de ${destino} en ${timeoutMs / 1000} s: el sitio no es alcanzable desde el servidor de la intranet (¿firewall o servidor apagado?).`,
    };
  }
  const code = err.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NODATA') {
    return {
      ...base,
      codigo: 'dns',
      mensaje: `No se pudo resolver ${host} en el DNS desde el servidor de la intranet (el nombre no existe o el DNS no responde).`,
    };
  }
  if (code === 'ECONNREFUSED')
    return { ...base, codigo: 'rechazada', mensaje: `Conexión rechazada por ${destino}: nada escucha en ese puerto.` };
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return {
      ...base,
      codigo: 'inalcanzable',
      mensaje: `${host} es inalcanzable desde el servidor de la intranet (sin ruta de red).`,
    };
  }
  if (code === 'ECONNRESET')
    return { ...base, codigo: 'cortada', mensaje: `${destino} cortó la conexión durante el saludo TLS.` };
  if (code.startsWith('ERR_SSL') || /ssl|tls|wrong version/i.test(err.message)) {
    return {
      ...base,
      codigo: 'tls',
      mensaje: `${destino} no completó el saludo TLS (¿es un puerto sin HTTPS?): ${err.message}.`,
    };
  }
  return { ...base, codigo: 'conexion', mensaje: `No se pudo conectar con ${destino} (${code || err.message}).` };
}

/**
 * Opens a TLS connection to host:port (SNI with the host name), reads the peer certificate and closes.
 * The certificate is read even when expired, self-signed or untrusted (reported as a warning); a failure to
 * connect says which (DNS, refused, timeout, unreachable, not TLS). Never throws.
 */
export function verificarTls(host: string, puerto: number, opciones: OpcionesTls = {}): Promise<ResultadoTls> {
  const timeoutMs = opciones.timeoutMs ?? TLS_TIMEOUT_MS;
  return new Promise((resolve) => {
    let terminado = false;
    const socket = connect({
      host,
      port: puerto,
      ...(isIP(host) ? {} : { servername: host }),
      rejectUnauthorized: false,
      ...(opciones.ca ? { ca: opciones.ca } : {}),
      timeout: timeoutMs,
    });
    const terminar = (resultado: ResultadoTls) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(limite);
      socket.destroy();
      resolve(resultado);
    };
    // The socket's idle timeout does not cover a slow name lookup: one deadline for everything.
    const limite = setTimeout(() => terminar(fallo(host, puerto, 'timeout', timeoutMs)), timeoutMs);
    socket.once('timeout', () => terminar(fallo(host, puerto, 'timeout', timeoutMs)));
    socket.once('error', (err: NodeJS.ErrnoException) => terminar(fallo(host, puerto, err, timeoutMs)));
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      if (!cert || Object.keys(cert).length === 0) {
        terminar({
          host,
          puerto,
          certificado: null,
          resultado: 'error',
          codigo: 'sin_certificado',
          mensaje: `${host}:${puerto} no presentó un certificado.`,
        });
        return;
      }
      terminar(evaluar(host, puerto, cert, socket.authorizationError ?? null));
    });
  });
}
