import { z } from 'zod';
import { zonaValida } from './core/fechas.ts';
import { parseNetwork } from './core/outbound-http.ts';
import { REPO_ROOT, resolveFromUser } from './paths.ts';

const flag = z
  .enum(['', '0', '1', 'true', 'false'], { error: 'use 1 (sí) o 0 (no)' })
  .default('0')
  .transform((v) => v === '1' || v === 'true');

/** A base URL of the runtime configuration: '' means this same server. */
const baseUrl = z
  .string()
  .default('')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'debe ser vacío o una URL http(s)://')
  .transform((v) => v.replace(/\/+$/, ''));

/** CORS_ORIGINS: `https://a.example,https://b.example`, origins only (scheme, host, port); '' is none. */
const origins = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((o) => originOf(o) !== undefined),
    'debe ser una lista de orígenes separados por comas (https://a.example,https://b.example)',
  )
  .transform((list) => list.map((o) => originOf(o) as string));

/** `https://A.example:443/` → `https://a.example`, as browsers send it; undefined if it is more than an origin. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    const bare =
      /^https?:$/.test(url.protocol) &&
      url.pathname === '/' &&
      !url.search &&
      !url.hash &&
      !url.username &&
      !url.password;
    return bare && /^https?:\/\/[^/?#]+\/?$/.test(value) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** WEBHOOKS_REDES_PERMITIDAS: `10.20.0.0/16,192.168.5.10`, CIDRs or single addresses; '' is none. */
const networks = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((n) => parseNetwork(n) !== null),
    'debe ser una lista de redes CIDR o direcciones separadas por comas (10.20.0.0/16,192.168.5.10)',
  );

const positive = (fallback: number) =>
  z.coerce.number({ error: 'debe ser un número' }).positive('debe ser mayor que 0').default(fallback);
/** A limit where 0 turns the check off. */
const limit = (fallback: number) =>
  z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(0, 'debe ser 0 (sin límite) o más')
    .default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'debe ser un número' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).optional(),
  FILES_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_MB: positive(2048),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar con postgres:// o postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  DEMO_PASSWORD: z.string().min(1).optional(),
  SITIO: z.string().max(50).default(''),
  MAINTENANCE: flag,
  API_URL: baseUrl,
  INSTALADORES_URL: baseUrl,
  STORE_URL: baseUrl,
  VERSIONES_URL: baseUrl,
  ARCHIVOS_URL: baseUrl,
  WEB_DIST: z.string().min(1).optional(),
  SESSION_TTL_HOURS: positive(12),
  SESSION_IDLE_MINUTES: positive(120),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: flag,
  MONITOR: z
    .enum(['', '0', '1', 'true', 'false'], { error: 'use 1 (sí) o 0 (no)' })
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  PUBLIC_URL: baseUrl,
  CORS_ORIGINS: origins,
  OVERLOAD_MAX_REQUESTS: limit(100),
  OVERLOAD_MAX_DB_QUEUE: limit(100),
  OVERLOAD_MAX_DELAY_MS: limit(1000),
  OVERLOAD_MAX_HEAP_MB: limit(128),
  UPLOAD_MAX_BUFFERS_MB: limit(64),
  UPLOAD_READS_PER_MINUTE: limit(10),
  METRICS_TOKEN: z.string().default(''),
  SHUTDOWN_TIMEOUT_S: positive(25),
  SHUTDOWN_DRAIN_S: limit(2),
  TAREAS: z
    .enum(['', '0', '1', 'true', 'false'], { error: 'use 1 (sí) o 0 (no)' })
    .default('1')
    .transform((v) => v !== '0' && v !== 'false'),
  PORTAL_TIMEZONE: z
    .string()
    .trim()
    .default('')
    .superRefine((v, ctx) => {
      if (!v) return;
      try {
        zonaValida(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  ALERTAS_INTERVALO_MIN: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .max(1440, 'debe ser 1440 (un día) o menos')
    .refine(
      (m) => 60 % m === 0 || m % 60 === 0,
      'debe dividir la hora (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30) o ser un múltiplo de 60',
    )
    .default(60),
  INSIGHTS_RETENCION_DIAS: z.coerce
    .number({ error: 'debe ser un número' })
    .int('debe ser un número entero')
    .min(1, 'debe ser 1 o más')
    .default(90),
  AUDITORIA_RETENCION_DIAS: limit(0),
  ENTREGAS_RETENCION_DIAS: limit(0),
  SMTP_URL: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^smtps?:\/\/[^\s]+$/.test(v),
      'debe ser vacío o una URL smtp:// o smtps:// (smtp://usuario:clave@servidor:587)',
    ),
  ALERTAS_REMITENTE: z.string().trim().default('Intranet <intranet@localhost>'),
  WEBHOOKS_REDES_PERMITIDAS: networks,
  SECRETS_KEY: z
    .string()
    .optional()
    .refine(
      (v) => !v || Buffer.from(v.trim(), 'base64').length === 32,
      'debe ser 32 bytes en base64 (openssl rand -base64 32)',
    ),
  LDAP_URL: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^ldaps?:\/\/[^\s]+$/.test(v),
      'debe ser vacío o una URL ldap:// o ldaps:// (ldaps://dc1.empresa.local:636)',
    ),
  LDAP_STARTTLS: flag,
  LDAP_BIND_DN: z.string().default(''),
  LDAP_BIND_PASSWORD: z.string().default(''),
  LDAP_BASE: z.string().default(''),
  LDAP_FILTRO: z
    .string()
    .default('(uid={usuario})')
    .refine((v) => v.includes('{usuario}'), 'debe contener {usuario}, p. ej. (sAMAccountName={usuario})'),
  LDAP_ATRIBUTO_NOMBRE: z.string().default('cn'),
  LDAP_ATRIBUTO_EMAIL: z.string().default('mail'),
  LDAP_ATRIBUTO_GRUPOS: z.string().default('memberOf'),
  LDAP_GRUPOS_BASE: z.string().default(''),
  LDAP_GRUPOS_FILTRO: z.string().default('(&(objectClass=groupOfNames)(member={dn}))'),
  LDAP_TIMEOUT_MS: z.coerce.number({ error: 'debe ser un número' }).int().min(500).max(60_000).default(5000),
  OIDC_ISSUER: z
    .string()
    .default('')
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/.test(v),
      'debe ser vacío o la URL del emisor (https://login.microsoftonline.com/<tenant>/v2.0)',
    ),
  OIDC_CLIENT_ID: z.string().default(''),
  OIDC_CLIENT_SECRET: z.string().default(''),
  OIDC_SCOPES: z.string().default('openid profile email'),
  OIDC_CLAIM_GRUPOS: z.string().default('groups'),
  OIDC_CLAIM_USUARIO: z.string().default('preferred_username'),
  OIDC_NOMBRE: z.string().trim().max(60).default(''),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where the file store keeps uploads (`{archivos}`), by SHA-256. */
  filesDir: string;
  /** The largest upload accepted, in bytes (413 beyond). */
  uploadMaxBytes: number;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  demoPassword: string | undefined;
  sitio: string;
  maintenance: boolean;
  urls: { api: string; instaladores: string; store: string; versiones: string; archivos: string };
  webDist: string;
  sessionTtlHours: number;
  sessionIdleMinutes: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** MONITOR=0 turns off the portal reporting its own errors into its Monitor de errores. */
  monitor: boolean;
  /** The origin clients reach the portal at (DSNs are built on it); '' means the request's own origin. */
  publicUrl: string;
  /** CORS_ORIGINS: the other origins whose pages may call the private routes (the public ones are open to all). */
  corsOrigins: string[];
  /** OVERLOAD_*: beyond these, new API calls are refused at once with 503 and Retry-After (0 = no limit). */
  sobrecarga: { maxEnCurso: number; maxEnEspera: number; maxDemoraMs: number; maxHeapBytes: number };
  /** UPLOAD_MAX_BUFFERS_MB: the memory outside its heap (buffers) a worker reading an upload may hold (0: none). */
  subidaMaxFueraDelHeapBytes: number;
  /** UPLOAD_READS_PER_MINUTE: how many uploaded files one person may have read a minute, per process (0: no limit). */
  lecturasPorMinuto: number;
  /** METRICS_TOKEN: the Bearer token `GET /metrics` asks for; '' opens it only to this machine (loopback). */
  metricsToken: string;
  /** SHUTDOWN_TIMEOUT_S: on SIGTERM, how long the calls in flight get to finish before the process exits (25). */
  shutdownTimeoutS: number;
  /**
   * SHUTDOWN_DRAIN_S: on SIGTERM, seconds still taking calls with /readyz at 503, for the proxy to stop sending (2).
   */
  shutdownDrainS: number;
  /** TAREAS=0: this process runs no scheduled job (another one does); 1 by default. */
  tareas: boolean;
  /** ALERTAS_INTERVALO_MIN: minutes between expiry scans (60). */
  alertasIntervaloMin: number;
  /** INSIGHTS_RETENCION_DIAS: the monitor's events older than this are removed each night (90); issues stay. */
  insightsRetencionDias: number;
  /** AUDITORIA_RETENCION_DIAS: the audit rows older than this are removed each night; 0 keeps them (default). */
  auditoriaRetencionDias: number;
  /**
   * ENTREGAS_RETENCION_DIAS: webhook deliveries and e-mails sent or failed older than this go; 0 keeps them (default).
   */
  entregasRetencionDias: number;
  /** SMTP_URL: where e-mail is sent (smtp://user:pass@host:587); '' sends none. */
  smtpUrl: string;
  /** ALERTAS_REMITENTE: the alerts' sender ("Intranet <intranet@example.com>"). */
  alertasRemitente: string;
  /**
   * WEBHOOKS_REDES_PERMITIDAS: internal networks webhooks may still reach (a company's own receiver); none by default.
   */
  webhooksRedesPermitidas: string[];
  /** SECRETS_KEY: the AES-256-GCM key of Instalaciones' secrets; unset, one is kept in DATA_DIR/secrets.key. */
  secretsKey: Buffer | undefined;
  /** The company's directory; null without LDAP_URL. */
  ldap: LdapConfig | null;
  /** Sign-in through an OpenID provider; null without OIDC_ISSUER. */
  oidc: OidcConfig | null;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** The ID token's claims of the groups and of the sign-in name. */
  claimGrupos: string;
  claimUsuario: string;
  /** What the login button says: "Ingresar con <nombre>". */
  nombre: string;
}

export interface LdapConfig {
  url: string;
  startTls: boolean;
  bindDn: string;
  bindPassword: string;
  /** Where people are searched, and how: `{usuario}` is the name typed, escaped. */
  base: string;
  filtro: string;
  atributoNombre: string;
  atributoEmail: string;
  /** The person's attribute listing their groups (Active Directory's memberOf)… */
  atributoGrupos: string;
  /** …or, with a base, the groups found by searching it (`{dn}` is the person's DN, escaped). */
  gruposBase: string;
  gruposFiltro: string;
  timeoutMs: number;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once at start; a bad value stops the server with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración inválida en el entorno:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = e.DATA_DIR ? resolveFromUser(e.DATA_DIR, env) : `${REPO_ROOT}/data`;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: e.FILES_DIR ? resolveFromUser(e.FILES_DIR, env) : `${dataDir}/files`,
    uploadMaxBytes: Math.floor(e.UPLOAD_MAX_MB * 1024 * 1024),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    demoPassword: e.DEMO_PASSWORD,
    sitio: e.SITIO,
    maintenance: e.MAINTENANCE,
    urls: {
      api: e.API_URL,
      instaladores: e.INSTALADORES_URL,
      store: e.STORE_URL,
      versiones: e.VERSIONES_URL,
      archivos: e.ARCHIVOS_URL,
    },
    webDist: e.WEB_DIST ? resolveFromUser(e.WEB_DIST, env) : `${REPO_ROOT}/apps/web/dist`,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    monitor: e.MONITOR,
    publicUrl: e.PUBLIC_URL,
    corsOrigins: e.CORS_ORIGINS,
    sobrecarga: {
      maxEnCurso: e.OVERLOAD_MAX_REQUESTS,
      maxEnEspera: e.OVERLOAD_MAX_DB_QUEUE,
      maxDemoraMs: e.OVERLOAD_MAX_DELAY_MS,
      maxHeapBytes: e.OVERLOAD_MAX_HEAP_MB * 1024 * 1024,
    },
    subidaMaxFueraDelHeapBytes: e.UPLOAD_MAX_BUFFERS_MB * 1024 * 1024,
    lecturasPorMinuto: e.UPLOAD_READS_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutS: e.SHUTDOWN_TIMEOUT_S,
    shutdownDrainS: e.SHUTDOWN_DRAIN_S,
    tareas: e.TAREAS,
    alertasIntervaloMin: e.ALERTAS_INTERVALO_MIN,
    insightsRetencionDias: e.INSIGHTS_RETENCION_DIAS,
    auditoriaRetencionDias: e.AUDITORIA_RETENCION_DIAS,
    entregasRetencionDias: e.ENTREGAS_RETENCION_DIAS,
    smtpUrl: e.SMTP_URL,
    alertasRemitente: e.ALERTAS_REMITENTE,
    webhooksRedesPermitidas: e.WEBHOOKS_REDES_PERMITIDAS,
    secretsKey: e.SECRETS_KEY ? Buffer.from(e.SECRETS_KEY.trim(), 'base64') : undefined,
    ldap: e.LDAP_URL
      ? {
          url: e.LDAP_URL,
          startTls: e.LDAP_STARTTLS,
          bindDn: e.LDAP_BIND_DN,
          bindPassword: e.LDAP_BIND_PASSWORD,
          base: e.LDAP_BASE,
          filtro: e.LDAP_FILTRO,
          atributoNombre: e.LDAP_ATRIBUTO_NOMBRE,
          atributoEmail: e.LDAP_ATRIBUTO_EMAIL,
          atributoGrupos: e.LDAP_ATRIBUTO_GRUPOS,
          gruposBase: e.LDAP_GRUPOS_BASE,
          gruposFiltro: e.LDAP_GRUPOS_FILTRO,
          timeoutMs: e.LDAP_TIMEOUT_MS,
        }
      : null,
    oidc: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          scopes: e.OIDC_SCOPES,
          claimGrupos: e.OIDC_CLAIM_GRUPOS,
          claimUsuario: e.OIDC_CLAIM_USUARIO,
          nombre: e.OIDC_NOMBRE || new URL(e.OIDC_ISSUER).hostname,
        }
      : null,
  };
}
