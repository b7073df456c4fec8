import { Button } from '@chakra-ui/react';
import type { ButtonProps } from '@chakra-ui/react';
import { toastMs } from '@portal/contracts';
import { copyText, notify } from '@portal/platform';

/** spec-2 §8: the copy toasts of the user pages. */
export const COPY_TEXTS = { copied: '已复制到剪切板', failed: '复制失败' } as const;

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  /** What goes to the clipboard. */
  text: string;
  /** The button's text (and accessible name). */
  label: string;
}

/** Copies `text` and says so (已复制到剪切板, or 复制失败 when the browser refuses). */
export function CopyButton({ text, label, ...props }: CopyButtonProps) {
  async function copy() {
    const copied = await copyText(text);
    notify(
      copied
        ? { kind: 'success', title: COPY_TEXTS.copied, durationMs: toastMs.short }
        : { kind: 'error', title: COPY_TEXTS.failed, durationMs: toastMs.short },
    );
  }
  return (
    <Button size="xs" variant="outline" {...props} onClick={() => void copy()}>
      {label}
    </Button>
  );
}
