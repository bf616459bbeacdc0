/**
 * Where a campaign's measured figures come from. Measurement sits above campaigns (its figures read
 * payments' spend, which reads the marketplace's hires, which read campaigns), so it supplies the SQL at
 * boot (runtime.ts, measurement's registerCampaignMeasures) and campaigns asks without importing it.
 * Attributing a campaign to a site in the wizard is measurement's 'campaign-site' step (domain-events.ts).
 */
import type { SQL } from 'drizzle-orm';
import { supplier } from '../suppliers';
import type { MeasuredFigures } from '../../campaign-figures';

export interface CampaignMeasures {
  /** The campaign's figures before the CPM is derived, one JSON expression over a campaign id (measurement's campaignFiguresSql). */
  figuresSql: (campaignId: SQL) => SQL<MeasuredFigures>;
  /** The campaign's aired ads as a derived table (measurement's airedAdsSql: the one rule of listens). */
  airedAdsSql: (campaignId: SQL) => SQL;
}

const source = supplier<CampaignMeasures>('campaigns.measures');

/** Supplies the campaign figures (once, at boot). */
export function supplyCampaignMeasures(m: CampaignMeasures): void {
  source.supply(m);
}

/** The supplied figures; an error before boot supplied them (a campaign without its figures would show wrong numbers). */
export function campaignMeasures(): CampaignMeasures {
  const m = source.get();
  if (!m) throw new Error("No domain supplies the campaign figures: boot (runtime.ts registerDomainWork) calls measurement's registerCampaignMeasures.");
  return m;
}
