import { lazy, Suspense } from 'react';
import type { DeliveryPanelPayload } from '../../lib/delivery-types';

// The panel's code loads after the workroom's own (it is not needed to read or write a message), which
// keeps the workroom page within its JavaScript budget.
const DeliveryJobs = lazy(() => import('./DeliveryJobs'));

/** The delivery panel of a package workroom: each hired job's air date, ad review and proof that it aired. */
export default function DeliveryPanel(props: { initial: DeliveryPanelPayload; me: { type: string } }) {
  return (
    <Suspense fallback={<p className="cp-sr-only">Loading the delivery panel…</p>}>
      <DeliveryJobs {...props} />
    </Suspense>
  );
}
