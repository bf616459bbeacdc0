/** The hosting dashboard's account of the migration: what moved, what did not, and Resync. */
import type { MigrationReport } from '../../lib/hosting-rules';
import { MigrationSummary, ResyncButton } from './MigrationReport';
import './hosting.css';

export default function DashboardMigration({ hostedId, report }: { hostedId: number; report: MigrationReport }) {
  return (
    <section className="hosting-card" aria-labelledby="migration-title">
      <h2 id="migration-title" className="hosting-title">
        Migration
      </h2>
      <MigrationSummary report={report} />
      {report.files.failed > 0 && <ResyncButton hostedId={hostedId} onResynced={() => window.location.reload()} label="Resync missing files" />}
    </section>
  );
}
