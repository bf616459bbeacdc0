/** The slots domain's face: the only module other domains and pages import from it. */
export {
  bookSlot,
  calendarOf,
  calendarRange,
  markAvailable,
  markUnavailable,
  podcastCalendar,
  podcastToday,
  serializeSlot,
  slotInputSchema,
  slotRecordsFrom,
  slotRecordsQuery,
  upcomingOf,
  upcomingSlots,
} from './slots';
export type { SlotRecordRow } from './slots';
