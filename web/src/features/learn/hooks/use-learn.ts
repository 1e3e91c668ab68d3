import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useToken } from '../../../lib/session';
import { examFrontKeys } from '../../exams/hooks/exam-front-keys';
import {
  completeLesson,
  createReview,
  downloadCertificate,
  enrol,
  fetchCertificate,
  fetchCourseDetails,
  fetchEnrolledCheck,
  fetchEnrolledCourse,
  fetchJourneyStatus,
  fetchLesson,
  fetchMyCertificates,
  fetchRelated,
  fetchReviews,
  submitQuizLesson,
  toggleWishlist,
  type Batch,
  type Course,
  type CourseDetails,
  type JourneyStatus,
} from '../api/learn-api';

/** 4xx answers are final; only network and server errors are retried. */
function retryTransient(count: number, err: Error) {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return false;
  return count < 2;
}

export function useCourseDetails(slug: string) {
  const token = useToken();
  return useQuery({
    queryKey: ['course-details', slug, !!token],
    queryFn: () => fetchCourseDetails(slug),
    retry: retryTransient,
    staleTime: 30_000,
  });
}

export function useEnrolledCheck(uuid: string | undefined) {
  const token = useToken();
  return useQuery({
    queryKey: ['enrolled-check', uuid, token],
    queryFn: () => fetchEnrolledCheck(uuid!),
    enabled: !!token && !!uuid,
    retry: retryTransient,
  });
}

export function useEnrol(uuid: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (batch: Pick<Batch, 'id' | 'let_enroll'>) => enrol(batch),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['enrolled-check', uuid] });
      void qc.invalidateQueries({ queryKey: ['course-details'] });
      void qc.invalidateQueries({ queryKey: ['my-courses'] });
    },
  });
}

export function useToggleWishlist(slug: string) {
  const qc = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: (uuid: string) => toggleWishlist(uuid),
    onSuccess: (res) => {
      qc.setQueryData<CourseDetails>(['course-details', slug, !!token], (old) => (old ? { ...old, wishlisted: res.wishlisted } : old));
    },
  });
}

export function useReviews(courseId: number | undefined, page: number) {
  return useQuery({
    queryKey: ['reviews', courseId, page],
    queryFn: () => fetchReviews(courseId!, page),
    enabled: courseId != null,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useCreateReview(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { rating: number; body: string }) => createReview(courseId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['reviews', courseId] });
      void qc.invalidateQueries({ queryKey: ['course-details'] });
    },
  });
}

export function useRelated(course: Pick<Course, 'uuid' | 'category_id' | 'level'> | undefined) {
  return useQuery({
    queryKey: ['related-courses', course?.uuid, course?.category_id, course?.level],
    queryFn: () => fetchRelated(course!),
    enabled: !!course,
    staleTime: 60_000,
    retry: retryTransient,
  });
}

export function useEnrolledCourse(uuid: string) {
  return useQuery({ queryKey: ['journey-course', uuid], queryFn: () => fetchEnrolledCourse(uuid), retry: retryTransient });
}

export function useJourneyStatus(uuid: string) {
  return useQuery({ queryKey: ['journey-status', uuid], queryFn: () => fetchJourneyStatus(uuid), retry: retryTransient });
}

export function useLesson(id: number | null) {
  return useQuery({
    queryKey: ['lesson', id],
    queryFn: () => fetchLesson(id!),
    enabled: id != null,
    retry: retryTransient,
    // Presigned media addresses last an hour.
    staleTime: 30 * 60_000,
  });
}

/**
 * Completes a lesson and keeps the course's progress. A quiz lesson (`quiz`) is finished through
 * quiz-submit instead, which also hands in an open attempt: the exam's intro is then read again.
 */
export function useCompleteLesson(uuid: string, quiz = false) {
  const qc = useQueryClient();
  return useMutation(completeLessonOptions(qc, uuid, quiz));
}

export function completeLessonOptions(qc: QueryClient, uuid: string, quiz: boolean) {
  return {
    mutationFn: (lessonId: number) => (quiz ? submitQuizLesson(lessonId) : completeLesson(lessonId)),
    onSuccess: (status: JourneyStatus) => {
      qc.setQueryData(['journey-status', uuid], status);
      void qc.invalidateQueries({ queryKey: ['my-courses'] });
      if (status.certificate) void qc.invalidateQueries({ queryKey: ['certificates', 'me'] });
    },
    onSettled: () => {
      if (quiz) void qc.invalidateQueries({ queryKey: examFrontKeys.intros });
    },
  };
}

export function useCertificate(code: string | undefined) {
  return useQuery({
    queryKey: ['certificate', code],
    queryFn: () => fetchCertificate(code!),
    enabled: !!code,
    retry: retryTransient,
  });
}

export function useMyCertificates() {
  const token = useToken();
  return useQuery({ queryKey: ['certificates', 'me', token], queryFn: fetchMyCertificates, enabled: !!token, retry: retryTransient });
}

/** Download state per tracking code. */
export function useCertificateDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const download = async (code: string, pdfUrl?: string | null) => {
    setBusy(code);
    setError(null);
    try {
      await downloadCertificate(code, pdfUrl);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  return { download, busy, error };
}
