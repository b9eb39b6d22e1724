import { A2aError, ERROR, type Dialect } from './jsonrpc.ts'

/**
 * Which A2A methods exist, in which version, and how this agent answers each. The agent answers every message at
 * once with one Message: it keeps no tasks, does not stream and sends no push notifications, so every other
 * method of the protocol gets the error the specification defines for that situation.
 */

export const SEND_1_0 = 'SendMessage'
export const SEND_0_3 = 'message/send'

type Kind = 'send' | 'list-tasks' | 'stream' | 'task' | 'push' | 'extended-card'

const METHODS: Record<string, { dialect: Dialect; kind: Kind }> = {
  [SEND_1_0]: { dialect: '1.0', kind: 'send' },
  SendStreamingMessage: { dialect: '1.0', kind: 'stream' },
  SubscribeToTask: { dialect: '1.0', kind: 'stream' },
  GetTask: { dialect: '1.0', kind: 'task' },
  ListTasks: { dialect: '1.0', kind: 'list-tasks' },
  CancelTask: { dialect: '1.0', kind: 'task' },
  CreateTaskPushNotificationConfig: { dialect: '1.0', kind: 'push' },
  GetTaskPushNotificationConfig: { dialect: '1.0', kind: 'push' },
  ListTaskPushNotificationConfigs: { dialect: '1.0', kind: 'push' },
  DeleteTaskPushNotificationConfig: { dialect: '1.0', kind: 'push' },
  GetExtendedAgentCard: { dialect: '1.0', kind: 'extended-card' },

  [SEND_0_3]: { dialect: '0.3', kind: 'send' },
  'message/stream': { dialect: '0.3', kind: 'stream' },
  'tasks/resubscribe': { dialect: '0.3', kind: 'stream' },
  'tasks/get': { dialect: '0.3', kind: 'task' },
  'tasks/cancel': { dialect: '0.3', kind: 'task' },
  'tasks/pushNotificationConfig/set': { dialect: '0.3', kind: 'push' },
  'tasks/pushNotificationConfig/get': { dialect: '0.3', kind: 'push' },
  'tasks/pushNotificationConfig/list': { dialect: '0.3', kind: 'push' },
  'tasks/pushNotificationConfig/delete': { dialect: '0.3', kind: 'push' },
  'agent/getAuthenticatedExtendedCard': { dialect: '0.3', kind: 'extended-card' },
}

const SEND_HINT = `Use ${SEND_1_0} (A2A 1.0) or ${SEND_0_3} (A2A 0.3)`

/** The dialect of a known method, or undefined. */
export const dialectOf = (method: string): Dialect | undefined => METHODS[method]?.dialect

/**
 * Returns the kind of the methods this agent answers: the two send methods, and ListTasks (an empty list: no
 * task ever exists here, which is a true answer, not an error); throws the A2A error for every other method.
 * `tasks/list` never existed in 0.3's JSON-RPC binding, so it is simply unknown.
 */
export function answeredMethod(method: string): 'send' | 'list-tasks' {
  const known = METHODS[method]
  if (!known) throw new A2aError(ERROR.methodNotFound, `Method not found: ${method}. ${SEND_HINT}.`)
  switch (known.kind) {
    case 'send':
    case 'list-tasks':
      return known.kind
    case 'stream':
      throw new A2aError(ERROR.unsupportedOperation, `Streaming is not supported (capabilities.streaming is false). ${SEND_HINT}: the answer comes back at once.`)
    case 'task':
      throw new A2aError(ERROR.taskNotFound, 'Task not found: this agent keeps no tasks (ListTasks is always empty); every message is answered at once with a Message.')
    case 'push':
      throw new A2aError(ERROR.pushNotificationNotSupported, 'Push notifications are not supported (capabilities.pushNotifications is false).')
    case 'extended-card':
      throw new A2aError(ERROR.extendedAgentCardNotConfigured, 'There is no extended agent card: the public agent card is complete.')
  }
}

export const SUPPORTED_VERSIONS = ['1.0', '0.3'] as const

/**
 * The `A2A-Version` request header (or `?A2A-Version=`) as Major.Minor. A2A 1.0 §3.6: versions are Major.Minor and
 * patch numbers do not take part in negotiation, so `1.0.2` means 1.0 and `0.3.0` means 0.3; an empty or absent
 * value means 0.3. Anything else that is not exactly Major.Minor[.Patch] (for example `1` or `v1.0`), and every
 * version other than 1.0 and 0.3, gets -32009 VersionNotSupported.
 */
export function requestedVersion(value: string | undefined): Dialect {
  const text = value?.trim() ?? ''
  if (!text) return '0.3'
  const match = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(text)
  const majorMinor = match ? `${Number(match[1])}.${Number(match[2])}` : undefined
  if (majorMinor === '1.0' || majorMinor === '0.3') return majorMinor
  throw new A2aError(ERROR.versionNotSupported,
    `The requested A2A protocol version '${text.slice(0, 32)}' is not supported. Supported versions: ${SUPPORTED_VERSIONS.join(', ')}`)
}
