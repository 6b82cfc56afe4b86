-- Issue 20: the kept data of migration 0040 recounted, after every insert of servers or grid rows, each client it
-- touched from the whole table, a subquery per client. A statement inserting many rows into a table whose statistics
-- still say it is small (a first import, the benches' loads) planned those subqueries as scans of the table: one
-- per client, quadratic (67,000 new servers ran for more than 18 minutes). An insert only adds: a client's count
-- grows by its new rows, its highest version and its next expiry are the better of the kept one and the new rows'.
-- Read from the statement's own rows, nothing of the table. Deletes and changes still recompute their clients.
CREATE OR REPLACE FUNCTION "servidores_cliente_a_empresas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "empresas" e SET "servidores_count" = e.servidores_count + n.n,
           "version_physis_orden" = greatest(e.version_physis_orden, n.orden),
           "version_physis" = nullif(array_to_string(greatest(e.version_physis_orden, n.orden), '.'), '')
      FROM (SELECT empresa_id, count(*)::int AS n, coalesce(max(string_to_array(version_physis, '.')::int[]), '{}') AS orden
              FROM nuevas GROUP BY empresa_id) n
     WHERE e.id = n.empresa_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "empresas_servidores"(ARRAY(SELECT empresa_id FROM viejas));
  ELSE
    PERFORM "empresas_servidores"(ARRAY(SELECT empresa_id FROM viejas UNION SELECT empresa_id FROM nuevas));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "vencimientos_a_empresas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "empresas" e SET "proximo_vencimiento" = least(e.proximo_vencimiento, n.vence)
      FROM (SELECT empresa_id, min(vence) AS vence FROM nuevas GROUP BY empresa_id) n
     WHERE e.id = n.empresa_id AND e.proximo_vencimiento IS DISTINCT FROM least(e.proximo_vencimiento, n.vence);
  ELSE
    PERFORM "empresas_proximo_vencimiento"(ARRAY(SELECT DISTINCT empresa_id FROM viejas));
  END IF;
  RETURN NULL;
END $$;
