import { useMessage } from 'naive-ui';

/**
 * Copies text to the clipboard with a toast saying so (or why it could not). Call in a
 * component's setup; the answer copies `text` and confirms with `done`.
 */
export function useClipboard(): (text: string, done: string) => Promise<boolean> {
  const message = useMessage();
  return async (text, done) => {
    try {
      await navigator.clipboard.writeText(text);
      message.success(done);
      return true;
    } catch {
      message.error('Copy failed: the clipboard is not available here.');
      return false;
    }
  };
}
