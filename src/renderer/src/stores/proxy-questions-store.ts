import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { ProxyAnswer, ProxyQuestion } from '@shared/ipc/proxy-channels';
import { useIpcClient } from '../api/client';

/**
 * The proxies waiting for a user name and password (main holds their requests until they are
 * answered), kept in sync by main's events; ProxyCredentialsDialog.vue asks the oldest.
 */
export const useProxyQuestionsStore = defineStore('proxyQuestions', () => {
  const client = useIpcClient();
  const questions = ref<ProxyQuestion[]>([]);

  client.on('proxy:onDidChangeQuestions', (value) => {
    questions.value = value.questions;
  });

  /** The question to ask now: the oldest. */
  const current = computed(() => questions.value[0]);

  /** Reads what waits (a reload finds the questions asked before it). Throws AppError. */
  async function load(): Promise<void> {
    questions.value = (await client.invoke('proxy:getQuestions')).questions;
  }

  /** Answers a question (null credentials: declines it). Throws AppError. */
  async function answer(given: ProxyAnswer): Promise<void> {
    questions.value = (await client.invoke('proxy:answer', given)).questions;
  }

  return { questions, current, load, answer };
});
