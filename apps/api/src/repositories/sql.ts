/** Runs SQL on a transaction's connection: how pg-boss enqueues a job inside our transaction (repositories/job-queue.ts). */
export type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;
