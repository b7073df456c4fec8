import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';

export interface QrCodeProps {
  /** Text the code encodes. */
  value: string;
  /** Accessible name of the image. */
  label: string;
  /** Side in px; 200 by default, like the QR dialog. */
  size?: number;
}

/**
 * A QR code drawn on a canvas, for places that show it inside their own layout (the shop's USDT
 * dialog). The QR library is fetched on first draw, so it never weighs on a first page. The
 * canvas carries `data-drawn="true"` once the code is on it.
 */
export function QrCode({ value, label, size = 200 }: QrCodeProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let current = true;
    delete canvas.dataset.drawn;
    import('qrcode')
      .then(({ toCanvas }) =>
        current ? toCanvas(canvas, value, { width: size, margin: 1, errorCorrectionLevel: 'M' }) : undefined,
      )
      .then(() => {
        if (current) canvas.dataset.drawn = 'true';
      })
      .catch((error: unknown) => console.error('QR code not drawn', error));
    return () => {
      current = false;
    };
  }, [value, size]);

  return (
    <Box width={`${size}px`} height={`${size}px`} borderWidth="1px" borderRadius="l2" overflow="hidden" bg="white">
      <canvas
        ref={canvasRef}
        width={size}
        height={size}
        role="img"
        aria-label={label}
        data-testid="qr-code"
        style={{ width: size, height: size }}
      />
    </Box>
  );
}
