/** One worker of the image step: draws the cards it is given into the cache, then says how many. */
import { parentPort, workerData } from 'node:worker_threads';
import { writeFileSync } from 'node:fs';
import { renderCard, type RenderContext } from './render.ts';
import type { SocialCard } from '../lib/social-cards.ts';

const { jobs, context } = workerData as { jobs: { card: SocialCard; target: string }[]; context: RenderContext };
for (const job of jobs) writeFileSync(job.target, await renderCard(job.card, context));
parentPort?.postMessage(jobs.length);
