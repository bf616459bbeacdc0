import { AddPodcastForm } from './AddPodcastForm';

/** The add-podcast form of manage-podcasts: reloads the page to show the new show. */
export default function AddPodcast() {
  return <AddPodcastForm onAdded={() => window.location.reload()} />;
}
