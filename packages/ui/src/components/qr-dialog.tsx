import { useEffect, useRef } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import { qrMessages } from '@portal/contracts';
import { isMobile } from '@portal/platform';
import { DialogFrame } from './dialog-frame.js';

/** The canvas is drawn this long after the dialog opens (spec-1 §2). */
export const QR_DRAW_DELAY_MS = 1000;
export const QR_SIZE = 200;

export interface QrDialogProps {
  /** Text the QR code encodes. */
  content: string;
  title: string;
  desc: string;
  /** 'wxpay' adds the WeChat steps on a phone, or the scan-with-a-phone hint on a computer. */
  payMode: string;
  open: boolean;
  onClose: () => void;
  /** Overrides device detection (stories, tests). */
  device?: 'mobile' | 'desktop';
}

/**
 * A 200×200 QR code in a dialog, for subscription links and the shop's WeChat payment. The QR
 * library is loaded only when a dialog draws, so it never weighs on the first page.
 */
export function QrDialog({ content, title, desc, payMode, open, onClose, device }: QrDialogProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const mobile = device ? device === 'mobile' : isMobile();

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    let drawn: HTMLCanvasElement | null = null;
    const timer = setTimeout(async () => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      try {
        const { toCanvas } = await import('qrcode');
        if (cancelled) return;
        await toCanvas(canvas, content, { width: QR_SIZE, margin: 1, errorCorrectionLevel: 'M' });
        canvas.dataset.drawn = 'true';
        drawn = canvas;
      } catch (error) {
        console.error('QR code not drawn', error);
      }
    }, QR_DRAW_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      // A reopened dialog must not show the previous code during the delay.
      if (drawn) {
        delete drawn.dataset.drawn;
        drawn.getContext('2d')?.clearRect(0, 0, drawn.width, drawn.height);
      }
    };
  }, [open, content]);

  const wxpay = payMode === 'wxpay';
  return (
    <DialogFrame
      title={title}
      testId="qr-dialog"
      open={open}
      onClose={onClose}
      size="xs"
      closeLabel={qrMessages.close}
      cancelLabel={qrMessages.close}
    >
      <Stack gap="3" align="center" textAlign="center">
        {desc && <Text color="fg.muted">{desc}</Text>}
        <Box
          width={`${QR_SIZE}px`}
          height={`${QR_SIZE}px`}
          borderWidth="1px"
          borderRadius="l2"
          overflow="hidden"
          bg="white"
        >
          <canvas
            ref={canvasRef}
            width={QR_SIZE}
            height={QR_SIZE}
            aria-label={title}
            role="img"
            data-testid="qr-canvas"
            style={{ width: QR_SIZE, height: QR_SIZE }}
          />
        </Box>
        {wxpay && mobile && (
          <Stack as="ol" gap="1" textAlign="left" ps="5" listStyleType="decimal" data-testid="qr-wxpay-steps">
            {qrMessages.wxpaySteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </Stack>
        )}
        {wxpay && !mobile && <Text fontWeight="medium">{qrMessages.scanWithPhone}</Text>}
      </Stack>
    </DialogFrame>
  );
}
