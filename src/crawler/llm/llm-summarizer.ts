/**
 * The one entry point the pipeline needs: `createLlmSummarizer(settings)` is null when LLM_BASE_URL is unset (the
 * pipeline then uses the extractive summarizer alone and nothing is ever sent), otherwise a function
 * (cluster, extractive) → LlmSummaryResult sharing one client, so the concurrency cap holds across clusters.
 */
import type { StoryText } from '../../domain/story.ts'
import { createChatClient, type ChatClientOptions } from './chat-client.ts'
import { observeChatClient } from '../crawl-observers.ts'
import type { LlmSettings } from '../../config/llm-config.ts'
import { limitsFrom, summarizeWithLlm, type LlmCluster, type LlmSummaryResult } from './summarize-with-llm.ts'

export type LlmSummarizer = (cluster: LlmCluster, extractive: StoryText) => Promise<LlmSummaryResult>

export function createLlmSummarizer(settings: LlmSettings, options: ChatClientOptions = {}): LlmSummarizer | null {
  if (!settings.enabled) return null
  const client = observeChatClient(createChatClient(settings, options))
  const limits = limitsFrom(settings)
  return (cluster, extractive) => summarizeWithLlm(cluster, { client, extractive, limits })
}
