import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { REPO_ROOT } from './paths.ts';

describe('loadConfig', () => {
  it('has working defaults, with paths from the repository, not the working directory', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: `${REPO_ROOT}/data`,
      webDist: `${REPO_ROOT}/apps/web/dist`,
      databaseUrl: undefined,
      maintenance: false,
      sitio: '',
      sessionTtlHours: 12,
      sessionIdleMinutes: 120,
      urls: { api: '', instaladores: '', store: '', versiones: '', archivos: '' },
    });
  });

  it('resolves a relative DATA_DIR against where the command was typed (INIT_CWD)', () => {
    expect(loadConfig({ DATA_DIR: 'datos', INIT_CWD: '/home/ana/intranet' }).dataDir).toBe('/home/ana/intranet/datos');
    expect(loadConfig({ DATA_DIR: '/srv/datos' }).dataDir).toBe('/srv/datos');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      MAINTENANCE: '1',
      SITIO: 'ORG',
      DATABASE_URL: 'postgres://u@h/db',
      API_URL: 'https://api.example.com/',
      SESSION_TTL_HOURS: '1.5',
      SESSION_IDLE_MINUTES: '5',
      LOG_LEVEL: 'info',
    });
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      maintenance: true,
      sitio: 'ORG',
      databaseUrl: 'postgres://u@h/db',
      sessionTtlHours: 1.5,
      sessionIdleMinutes: 5,
      logLevel: 'info',
    });
    expect(c.urls.api).toBe('https://api.example.com');
  });

  it('reads CORS_ORIGINS as a list of origins, none when empty', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ CORS_ORIGINS: ' https://a.example, https://B.example:443/ ,http://10.0.0.5:8080' }).corsOrigins,
    ).toEqual(['https://a.example', 'https://b.example', 'http://10.0.0.5:8080']);
  });

  it('takes PORTAL_TIMEZONE as an IANA zone Node knows, and refuses another name saying why', () => {
    expect(() => loadConfig({ PORTAL_TIMEZONE: 'America/Argentina/Cordoba' })).not.toThrow();
    expect(() => loadConfig({ PORTAL_TIMEZONE: 'America/Rosario_Inventada' })).toThrow(
      /PORTAL_TIMEZONE: La zona horaria "America\/Rosario_Inventada" no existe/,
    );
    expect(() => loadConfig({ PORTAL_TIMEZONE: "UTC'; drop table x" })).toThrow(
      /PORTAL_TIMEZONE: .* no es el nombre de una zona horaria/,
    );
  });

  it('reads WEBHOOKS_REDES_PERMITIDAS as a list of networks, none when empty', () => {
    expect(loadConfig({}).webhooksRedesPermitidas).toEqual([]);
    expect(
      loadConfig({ WEBHOOKS_REDES_PERMITIDAS: ' 10.20.0.0/16, 192.168.5.10 ,fd00::/8' }).webhooksRedesPermitidas,
    ).toEqual(['10.20.0.0/16', '192.168.5.10', 'fd00::/8']);
    for (const v of ['10.0.0.0/33', 'intranet.local', '10.0.0.0/8;192.168.0.0/16']) {
      expect(() => loadConfig({ WEBHOOKS_REDES_PERMITIDAS: v }), v).toThrow(/WEBHOOKS_REDES_PERMITIDAS:/);
    }
  });

  it('reads the overload limits, 0 turning one off', () => {
    expect(loadConfig({}).sobrecarga).toEqual({
      maxEnCurso: 100,
      maxEnEspera: 100,
      maxDemoraMs: 1000,
      maxHeapBytes: 128 * 1024 * 1024,
    });
    expect(loadConfig({ OVERLOAD_MAX_REQUESTS: '0', OVERLOAD_MAX_HEAP_MB: '256' }).sobrecarga).toMatchObject({
      maxEnCurso: 0,
      maxHeapBytes: 256 * 1024 * 1024,
    });
  });

  it('reads the retention settings: 90 days of monitor events, audit and deliveries kept for ever unless set', () => {
    expect(loadConfig({})).toMatchObject({
      insightsRetencionDias: 90,
      auditoriaRetencionDias: 0,
      entregasRetencionDias: 0,
    });
    expect(
      loadConfig({ INSIGHTS_RETENCION_DIAS: '30', AUDITORIA_RETENCION_DIAS: '365', ENTREGAS_RETENCION_DIAS: '60' }),
    ).toMatchObject({
      insightsRetencionDias: 30,
      auditoriaRetencionDias: 365,
      entregasRetencionDias: 60,
    });
    for (const env of [
      { INSIGHTS_RETENCION_DIAS: '0' },
      { INSIGHTS_RETENCION_DIAS: '1.5' },
      { AUDITORIA_RETENCION_DIAS: '-1' },
      { ENTREGAS_RETENCION_DIAS: 'siempre' },
    ]) {
      expect(() => loadConfig(env), Object.keys(env)[0]).toThrow(new RegExp(`${Object.keys(env)[0]}:`));
    }
  });

  it('stops on a bad value, naming the variable', () => {
    for (const [env, name] of [
      [{ PORT: 'ocho' }, 'PORT'],
      [{ PORT: '70000' }, 'PORT'],
      [{ MAINTENANCE: 'quizas' }, 'MAINTENANCE'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
      [{ API_URL: 'ftp://x' }, 'API_URL'],
      [{ SESSION_IDLE_MINUTES: '0' }, 'SESSION_IDLE_MINUTES'],
      [{ LOG_LEVEL: 'ruidoso' }, 'LOG_LEVEL'],
      [{ CORS_ORIGINS: '*' }, 'CORS_ORIGINS'],
      [{ CORS_ORIGINS: 'https://a.example/portal' }, 'CORS_ORIGINS'],
      [{ CORS_ORIGINS: 'https://a.example,intranet.example' }, 'CORS_ORIGINS'],
      [{ OVERLOAD_MAX_REQUESTS: '-1' }, 'OVERLOAD_MAX_REQUESTS'],
      [{ OVERLOAD_MAX_DELAY_MS: 'mucho' }, 'OVERLOAD_MAX_DELAY_MS'],
    ] as const) {
      expect(() => loadConfig(env), name).toThrow(ConfigError);
      expect(() => loadConfig(env), name).toThrow(new RegExp(`${name}:`));
    }
  });
});
