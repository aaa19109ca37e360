import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerBody, SaveQuestionBankBody, SaveQuestionBody, SaveTestBody, TeamResultsQuery } from '@pharma/contracts';
import { api } from '../../../lib/api-client';

export const testingKeys = {
  all: ['testing'] as const,
  my: ['testing', 'my'] as const,
  attempt: (id: number) => ['testing', 'attempt', id] as const,
  results: ['testing', 'results'] as const,
  weak: ['testing', 'weak'] as const,
  banks: ['testing', 'banks'] as const,
  questions: (bankId: number) => ['testing', 'questions', bankId] as const,
  tests: ['testing', 'tests'] as const,
};

export const useMyTests = () => useQuery({ queryKey: testingKeys.my, queryFn: ({ signal }) => api.testing.my({ signal }), select: (d) => d.items });

export const useAttempt = (id: number) =>
  useQuery({ queryKey: testingKeys.attempt(id), queryFn: ({ signal }) => api.testing.attempt({ params: { id }, signal }), enabled: id > 0 });

export function useStartAttempt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (testId: number) => api.testing.start({ params: { id: testId } }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(testingKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: testingKeys.my });
    },
  });
}

export const useAnswer = (attemptId: number) =>
  useMutation({
    mutationFn: ({ questionId, body }: { questionId: number; body: AnswerBody }) => api.testing.answer({ params: { id: attemptId, questionId }, body }),
  });

export function useSubmitAttempt(attemptId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.testing.submit({ params: { id: attemptId } }),
    onSuccess: (attempt) => {
      queryClient.setQueryData(testingKeys.attempt(attempt.id), attempt);
      void queryClient.invalidateQueries({ queryKey: testingKeys.my });
      void queryClient.invalidateQueries({ queryKey: testingKeys.results });
      void queryClient.invalidateQueries({ queryKey: testingKeys.weak });
    },
  });
}

export const useTeamResults = (query: TeamResultsQuery & { page: number; size: number }) =>
  useQuery({
    queryKey: [...testingKeys.results, query],
    queryFn: ({ signal }) => api.testing.results({ query, signal }),
    placeholderData: keepPreviousData,
  });

export const useWeakQuestions = (testId: number | undefined) =>
  useQuery({
    queryKey: [...testingKeys.weak, testId],
    queryFn: ({ signal }) => api.testing.weakQuestions({ query: testId ? { testId } : {}, signal }),
    select: (d) => d.items,
  });

export const useBanks = (enabled = true) =>
  useQuery({ queryKey: testingKeys.banks, queryFn: ({ signal }) => api.testing.banks.list({ signal }), select: (d) => d.items, enabled });

export const useQuestions = (bankId: number | undefined) =>
  useQuery({
    queryKey: testingKeys.questions(bankId ?? 0),
    queryFn: ({ signal }) => api.testing.banks.questions({ params: { id: bankId! }, signal }),
    select: (d) => d.items,
    enabled: !!bankId,
  });

export const useTests = (enabled = true) =>
  useQuery({ queryKey: testingKeys.tests, queryFn: ({ signal }) => api.testing.tests.list({ signal }), select: (d) => d.items, enabled });

/** Writes of the banks, questions and tests; each reads again what it changed. */
export function useTestingWrites() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: testingKeys.all });
  return {
    saveBank: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: SaveQuestionBankBody }) =>
        id ? api.testing.banks.update({ params: { id }, body }) : api.testing.banks.create({ body }),
      onSuccess: refresh,
    }),
    removeBank: useMutation({ mutationFn: (id: number) => api.testing.banks.remove({ params: { id } }), onSuccess: refresh }),
    saveQuestion: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: SaveQuestionBody }) =>
        id ? api.testing.questions.update({ params: { id }, body }) : api.testing.questions.create({ body }),
      onSuccess: refresh,
    }),
    removeQuestion: useMutation({ mutationFn: (id: number) => api.testing.questions.remove({ params: { id } }), onSuccess: refresh }),
    saveTest: useMutation({
      mutationFn: ({ id, body }: { id?: number; body: SaveTestBody }) =>
        id ? api.testing.tests.update({ params: { id }, body }) : api.testing.tests.create({ body }),
      onSuccess: refresh,
    }),
    removeTest: useMutation({ mutationFn: (id: number) => api.testing.tests.remove({ params: { id } }), onSuccess: refresh }),
  };
}
