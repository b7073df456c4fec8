import { useId, useRef, useState } from 'react';
import { Box, Button, HStack, Image, Text } from '@chakra-ui/react';
import { toastMs } from '@portal/contracts';
import { IMAGE_ACCEPT, uploadImage, type UploadPurpose } from '@portal/platform';
import { showToast } from './toast-host.js';

export interface ImageUploadProps {
  /** The uploaded image's path ('' = none). */
  value: string;
  onChange: (url: string) => void;
  purpose: UploadPurpose;
  label?: string;
  /** Preview size in px. */
  previewSize?: number;
  disabled?: boolean;
}

/**
 * Picks one image, uploads it at once (the 4 MB and type rules checked before sending, the bytes
 * again by the server) and shows a preview with a remove action. Failures are toasts with the
 * server's message (图片限制在4M内 for a file too large).
 */
export function ImageUpload({
  value,
  onChange,
  purpose,
  label = '上传图片',
  previewSize = 96,
  disabled,
}: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);

  async function onPick(file: File | undefined) {
    if (file === undefined) return;
    setBusy(true);
    const result = await uploadImage(file, purpose);
    setBusy(false);
    if (input.current) input.current.value = '';
    if (result.code === 0 && result.data) {
      onChange(result.data.url);
    } else if (result.status !== 502) {
      showToast({ kind: 'error', title: result.msg || '上传失败', durationMs: toastMs.short });
    }
  }

  return (
    <HStack gap="3" align="center" flexWrap="wrap">
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        disabled={disabled || busy}
        onChange={(event) => void onPick(event.target.files?.[0])}
        data-testid="image-upload-input"
      />
      <Button size="sm" variant="outline" loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      {value === '' ? (
        <Text fontSize="xs" color="fg.muted">
          jpg / png / webp，4M 以内
        </Text>
      ) : (
        <HStack gap="2">
          <Box borderWidth="1px" borderRadius="md" overflow="hidden" w={`${previewSize}px`} h={`${previewSize}px`}>
            <Image src={value} alt="已上传的图片" w="full" h="full" objectFit="cover" />
          </Box>
          <Button size="xs" variant="ghost" onClick={() => onChange('')} disabled={disabled || busy}>
            移除
          </Button>
        </HStack>
      )}
    </HStack>
  );
}
