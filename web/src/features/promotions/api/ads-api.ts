// The approved promotions learners see in the ad slots (docs/api-promotions.md). Apart from
// promotions-api.ts so that the pages' ad slots do not share a chunk with the Promotion Manager.
import { api } from '../../../lib/api-client';
import type { DataEnvelope } from '../../../lib/types';
import type { Position, Promotion, PromotionType } from './promotions-api';

/** What a learner is shown of an approved, current promotion. */
export type Ad = Pick<Promotion, 'id' | 'uuid' | 'type' | 'title' | 'details' | 'url' | 'thumbnail' | 'position' | 'institution'>;

/** At most 6 ads for the learner (or visitor) in this slot, newest first. */
export function fetchAds(position: Position, categoryId?: number | null) {
  return api<DataEnvelope<Ad[]>>('/learner-course/ads', { query: { position, category_id: categoryId }, silent: true }).then((r) => r.data ?? []);
}

/** One approved, current ad in full (a job's description); 404 otherwise. */
export function fetchAdDetails(type: PromotionType, id: number) {
  return api<DataEnvelope<Ad>>('/promotion/ad/details', { query: { ad_for: type, table_id: id }, silent: true }).then((r) => r.data);
}
