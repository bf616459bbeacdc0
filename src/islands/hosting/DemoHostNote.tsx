/** For the demo shows, whose old feed is served by the product's demo host: where to make the change an old host would. */
import { Icon } from '../../components/Icon';

const DEMO_HOST = '/feeds/demo-host/';

export function DemoHostNote({ feedUrl, task }: { feedUrl: string | null | undefined; task: string }) {
  let path = '';
  try {
    path = new URL(feedUrl ?? '').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(DEMO_HOST)) return null;
  return (
    <div className="hosting-note" role="note">
      <Icon name="info" size={18} />
      <p>
        This show’s old feed is served by the demo host, which stands in for hosts like Libsyn so the demo works offline.{' '}
        <a href={DEMO_HOST} target="_blank" rel="noreferrer">
          Open the demo host
        </a>{' '}
        to {task}.
      </p>
    </div>
  );
}
