/** Our own small illustrations for the confirm and success screens. */
export function StatusIllustration({ status, size = 96 }: { status: 'success' | 'failure'; size?: number }) {
  const success = status === 'success';
  const colour = success ? '#16a34a' : '#dc2626';
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 96 96"
      role="img"
      aria-label={success ? '成功' : '失败'}
      data-testid={`illustration-${status}`}
    >
      <circle cx="48" cy="48" r="44" fill={success ? '#dcfce7' : '#fee2e2'} />
      <circle cx="48" cy="48" r="32" fill="none" stroke={colour} strokeWidth="5" />
      {success ? (
        <path
          d="M33 49 l10 10 l20 -22"
          fill="none"
          stroke={colour}
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ) : (
        <path d="M36 36 L60 60 M60 36 L36 60" fill="none" stroke={colour} strokeWidth="6" strokeLinecap="round" />
      )}
      <circle cx="16" cy="20" r="3" fill={colour} opacity="0.35" />
      <circle cx="82" cy="74" r="4" fill={colour} opacity="0.25" />
      <circle cx="80" cy="18" r="2" fill={colour} opacity="0.4" />
    </svg>
  );
}
