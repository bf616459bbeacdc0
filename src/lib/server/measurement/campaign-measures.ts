/**
 * Measurement's part in campaigns (a domain below it): the figures and the aired ads' listens it supplies
 * to every campaign payload and the stats page, and the site a campaign is attributed to in the wizard's
 * own transaction. runtime.ts calls registerCampaignMeasures once per process at boot.
 */
import { supplyCampaignMeasures } from '../campaigns';
import { handleDealTxStep } from '../domain-events';
import { airedAdsSql, campaignFiguresSql } from './analytics';
import { linkCampaignSite } from './attribution';

export function registerCampaignMeasures(): void {
  supplyCampaignMeasures({ figuresSql: campaignFiguresSql, airedAdsSql });
  handleDealTxStep('campaign-site', (tx, { campaignId, siteId }) => linkCampaignSite(tx, campaignId, siteId));
}
