/** The attribution domain's face: the only module other domains and pages import from it. */
export { collectEvent, preflight } from './collect-event';
export { linkCampaignSite, recountSites } from './link-campaign-site';
export { matchVisits } from './match-visits';
export { pixelScript } from './pixel';
export { siteActivity } from './site-activity';
export { siteEditorData } from './site-editor-data';
export {
  PREDEFINED_EVENTS,
  addSiteCampaign,
  createEvent,
  createSite,
  deleteEvent,
  deleteSite,
  listEvents,
  listSiteCampaigns,
  listSites,
  removeSiteCampaign,
  resumeSite,
  sitePayload,
} from './sites';
