ALTER TABLE "insights_transacciones_horas" DROP CONSTRAINT "insights_transacciones_horas_pkey";
--> statement-breakpoint
ALTER TABLE "insights_transacciones_horas" ADD CONSTRAINT "insights_transacciones_horas_pkey" PRIMARY KEY("proyecto_id","horas","nivel","environment","release","hora","nombre");