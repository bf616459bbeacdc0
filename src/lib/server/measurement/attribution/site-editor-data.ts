/** What /settings/attribution/{id}/edit and its /campaigns and /events sub-routes render, or null for a site that is not the user's. */
import { HttpError } from '../../http';
import { listAttributableCampaigns, listEvents, listSiteCampaigns, listSites, type SitePayload, sitePayload } from './sites';
import { siteActivity } from './site-activity';

export type SiteTab = 'settings' | 'campaigns' | 'events';

/** The site with what its tab shows. */
export async function siteEditorData(userId: number, rawId: string | undefined, tab: SiteTab) {
  const id = Number(rawId);
  if (!Number.isInteger(id) || id <= 0) return null;
  let site: SitePayload;
  try {
    site = await sitePayload(userId, id);
  } catch (err) {
    if (err instanceof HttpError) return null;
    throw err;
  }
  return {
    tab,
    site,
    events: tab === 'events' ? await listEvents(userId, id) : [],
    linked: await listSiteCampaigns(userId, id),
    campaigns: tab === 'campaigns' ? await listAttributableCampaigns(userId) : [],
    siteNames: tab === 'campaigns' ? Object.fromEntries((await listSites(userId)).map((s) => [s.id, s.domain])) : {},
    activity: await siteActivity(userId, id),
  };
}
