/** The jobs infrastructure's face: the only module domains and pages import from it. */
export { handleDeadLetterForm, listDeadLetters, queueOverview } from './dead-letters';
export { engine, setEngineRole, stopEngine } from './engine';
export { enqueue, prepareQueues, registerJob, registerSchedule, startWorker, stopWorker, workReady } from './queue';
export { migrateWithQueue } from './migrate-all';
