// Queries and mutations of the dashboard's feedback list (/feedbacks/list) and home slides
// (/settings/sliders). Keys apart from the home page's (lib/site-extras.ts homeExtrasKeys), which
// are marked stale when a change is made here so that the home page shows it.
import { keepPreviousData, useQuery, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { homeExtrasKeys } from '../../../lib/site-extras';
import type { Page } from '../../../lib/types';
import {
  approveFeedback,
  createSlider,
  deleteSlider,
  fetchAllFeedback,
  fetchSliders,
  updateSlider,
  type AdminFeedback,
  type Feedback,
  type FeedbackStatus,
  type Slider,
} from '../api/site-extras-api';
import { sliderBody, type SliderFormValues } from './slider-form';

export const FEEDBACK_PAGE_SIZE = 10;
/** A site has a handful of slides: one page holds them all in most cases. */
export const SLIDERS_PAGE_SIZE = 20;

export const feedbackKeys = {
  all: ['site-feedback'] as const,
  list: (page: number, status: FeedbackStatus | '') => ['site-feedback', page, status] as const,
};

export const sliderKeys = {
  all: ['site-sliders'] as const,
  list: (page: number) => ['site-sliders', page] as const,
};

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

/** The home page's slides or feedback are read again when next shown. */
function homeChanged(qc: QueryClient, what: keyof typeof homeExtrasKeys) {
  void qc.invalidateQueries({ queryKey: homeExtrasKeys[what] });
}

export function useAllFeedback(page: number, status: FeedbackStatus | '') {
  return useQuery({
    queryKey: feedbackKeys.list(page, status),
    queryFn: ({ signal }) => fetchAllFeedback({ page, limit: FEEDBACK_PAGE_SIZE, status: status || undefined }, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export interface ApproveVars {
  feedback: AdminFeedback;
  approve: boolean;
}

/** Approves or hides; the row shows it at once (keeping the e-mail, which the answer leaves out). */
export function approveFeedbackMutation(qc: QueryClient): UseMutationOptions<Feedback, Error, ApproveVars> {
  return {
    mutationFn: ({ feedback, approve }) => approveFeedback(feedback.id, approve),
    onSuccess: (changed) => {
      qc.setQueriesData<Page<AdminFeedback>>({ queryKey: feedbackKeys.all }, (page) =>
        page && { ...page, data: page.data.map((f) => (f.id === changed.id ? { ...f, ...changed } : f)) },
      );
    },
    onSettled: () => {
      // A filtered list may no longer hold the row; the home page shows approved feedback.
      void qc.invalidateQueries({ queryKey: feedbackKeys.all });
      homeChanged(qc, 'feedback');
    },
  };
}

export function useSliders(page: number) {
  return useQuery({
    queryKey: sliderKeys.list(page),
    queryFn: ({ signal }) => fetchSliders({ page, limit: SLIDERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

function slidersChanged(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: sliderKeys.all });
  homeChanged(qc, 'sliders');
}

/** Creates (no `id`) or updates slide `id`; the lists are read again. */
export function saveSliderMutation(qc: QueryClient, id?: number): UseMutationOptions<Slider, Error, SliderFormValues> {
  return {
    mutationFn: (values) => {
      const body = sliderBody(values);
      return id ? updateSlider(id, body) : createSlider(body);
    },
    onSettled: () => slidersChanged(qc),
  };
}

/** The list's switch: the slide sent again as it is, with `active` changed; the row shows it at once. */
export function toggleSliderMutation(qc: QueryClient): UseMutationOptions<Slider, Error, { slider: Slider; active: boolean }> {
  return {
    mutationFn: ({ slider, active }) => updateSlider(slider.id, { ...sliderInputOf(slider), active }),
    onMutate: ({ slider, active }) => {
      qc.setQueriesData<Page<Slider>>({ queryKey: sliderKeys.all }, (page) => page && { ...page, data: page.data.map((s) => (s.id === slider.id ? { ...s, active } : s)) });
    },
    onSettled: () => slidersChanged(qc),
  };
}

export function deleteSliderMutation(qc: QueryClient): UseMutationOptions<unknown, Error, Slider> {
  return {
    mutationFn: (s) => deleteSlider(s.id),
    onSettled: () => slidersChanged(qc),
  };
}

/** A saved slide as the body of an update. */
function sliderInputOf(s: Slider) {
  return {
    title: s.title,
    title_bn: s.title_bn,
    subtitle: s.subtitle,
    subtitle_bn: s.subtitle_bn,
    image: s.image,
    link: s.link,
    position: s.position,
    start_date: s.start_date,
    end_date: s.end_date,
    active: s.active,
  };
}
