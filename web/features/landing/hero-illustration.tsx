/** Decorative hero art: a survey quadcopter over a Pacific island and reef, drawn inline (no image requests). */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 420" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id="hero-sea" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f9f8a" stopOpacity="0.55" />
          <stop offset="1" stopColor="#0a1b3d" stopOpacity="0" />
        </linearGradient>
        <linearGradient id="hero-beam" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fbbf24" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fbbf24" stopOpacity="0" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#2dd4bf" stopOpacity="0.35" />
          <stop offset="1" stopColor="#2dd4bf" stopOpacity="0" />
        </radialGradient>
      </defs>

      <circle cx="250" cy="150" r="190" fill="url(#hero-glow)" />

      {/* Survey grid the drone is mapping */}
      <g stroke="#bcd6ff" strokeOpacity="0.18" strokeWidth="1">
        <path d="M40 300h400M40 330h400M40 360h400M40 390h400" />
        <path d="M80 290v120M140 290v120M200 290v120M260 290v120M320 290v120M380 290v120M440 290v120" />
      </g>

      {/* Sea, island and reef */}
      <path d="M0 318c60-14 120-14 180 0s120 14 180 0 90-12 120-6v108H0z" fill="url(#hero-sea)" />
      <path
        d="M150 322c18-30 46-48 80-52 30-4 58 8 80 26 14 11 30 20 46 26-70 14-140 14-206 0z"
        fill="#0b7f6f"
        fillOpacity="0.85"
      />
      <path
        d="M118 334c70 18 190 18 270 0"
        fill="none"
        stroke="#cffaf0"
        strokeOpacity="0.5"
        strokeWidth="2"
      />
      <path
        d="M232 282c-2-20 2-40 10-56M242 226c-14-4-28 0-36 10M242 226c12-8 28-8 38 2M242 226c-4-12-14-20-26-22M242 226c8-10 20-14 32-12"
        fill="none"
        stroke="#cffaf0"
        strokeOpacity="0.8"
        strokeWidth="3"
        strokeLinecap="round"
      />

      {/* Sensor footprint */}
      <path d="M226 176 170 318h140L254 176z" fill="url(#hero-beam)" />

      {/* Flight path */}
      <path
        d="M40 120c60-50 120-40 160 0"
        fill="none"
        stroke="#fbbf24"
        strokeOpacity="0.7"
        strokeWidth="2"
        strokeDasharray="6 8"
        strokeLinecap="round"
      />
      <circle cx="40" cy="120" r="5" fill="#fbbf24" />

      {/* Quadcopter */}
      <g transform="translate(240 150)">
        <g stroke="#eef5ff" strokeWidth="7" strokeLinecap="round">
          <path d="M-18-10-78-40M18-10 78-40M-18 10-70 34M18 10 70 34" />
        </g>
        <g fill="#eef5ff">
          <rect x="-84" y="-50" width="12" height="14" rx="3" />
          <rect x="72" y="-50" width="12" height="14" rx="3" />
          <rect x="-76" y="26" width="12" height="14" rx="3" />
          <rect x="64" y="26" width="12" height="14" rx="3" />
        </g>
        <g fill="#bcd6ff" fillOpacity="0.35" stroke="#eef5ff" strokeOpacity="0.8" strokeWidth="2">
          <ellipse cx="-78" cy="-54" rx="44" ry="7" />
          <ellipse cx="78" cy="-54" rx="44" ry="7" />
          <ellipse cx="-70" cy="22" rx="40" ry="6" />
          <ellipse cx="70" cy="22" rx="40" ry="6" />
        </g>
        <rect x="-34" y="-20" width="68" height="38" rx="14" fill="#eef5ff" />
        <rect x="-22" y="-12" width="44" height="10" rx="5" fill="#2f6fdb" />
        <circle cx="0" cy="30" r="11" fill="#163a7c" stroke="#eef5ff" strokeWidth="4" />
        <circle cx="0" cy="30" r="4" fill="#2dd4bf" />
        <circle cx="-26" cy="10" r="3" fill="#f59e0b" />
        <circle cx="26" cy="10" r="3" fill="#2dd4bf" />
      </g>
    </svg>
  );
}
