import { z } from 'zod';
import { defineChannel, NoInputSchema } from './channel';

/**
 * A proxy that asked the app for a user name and password (Basic) while the keychain held
 * none for it: main waits for the window's answer before the request goes on.
 */
const ProxyQuestionSchema = z.object({
  /** Unguessable, one per question: the answer names the question it answers. */
  questionId: z.string(),
  /** The proxy's origin, as the keychain binds the answer to it. */
  proxy: z.string(),
});
export type ProxyQuestion = z.infer<typeof ProxyQuestionSchema>;

/** The questions waiting, oldest first. */
export const ProxyQuestionsSchema = z.object({ questions: z.array(ProxyQuestionSchema) });
export type ProxyQuestions = z.infer<typeof ProxyQuestionsSchema>;

/**
 * What the window answers: a user name (Basic cannot carry a colon in it) and a password, or
 * null to decline. The password only goes in: no channel gives it back.
 */
export const ProxyAnswerSchema = z.strictObject({
  questionId: z.string().min(1).max(100),
  credentials: z
    .strictObject({
      user: z
        .string()
        .trim()
        .min(1, 'User name is required')
        .max(512, 'User name must be at most 512 characters')
        .refine((user) => !user.includes(':'), 'A user name cannot hold a colon (Basic)'),
      password: z.string().max(1024, 'Password must be at most 1024 characters'),
    })
    .nullable(),
});
export type ProxyAnswer = z.infer<typeof ProxyAnswerSchema>;

/** The proxy's questions: what waits for an answer, and the answer. */
export const proxyChannels = {
  'proxy:getQuestions': defineChannel({
    input: NoInputSchema,
    output: ProxyQuestionsSchema,
    summary: 'The proxies waiting for a user name and password',
  }),
  'proxy:answer': defineChannel({
    input: ProxyAnswerSchema,
    output: ProxyQuestionsSchema,
    summary:
      "Answer a proxy's question with a user name and password (kept in the keychain for that proxy), or decline it",
  }),
} as const;
