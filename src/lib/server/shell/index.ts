/** The shell domain's face: the only module other domains and pages import from it. */
export { loadShellData, shellPodcastRows, shellPodcasts } from './shell-data';
export { browserSettings, initializePayload } from './initialize';
export { mayAccess, rootRedirect } from './access';
export { currentPagePodcast } from './current-podcast';
export { podcasterDashboard } from './podcaster-dashboard';
