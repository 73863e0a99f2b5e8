import type { MoneyLine } from '~/features/orders/order-money'

/**
 * An order's or a quote's money, line by line down to its total (features/orders/order-money.ts). `data-money` marks
 * each figure with its kind, so a browser test can add the lines up as a customer would.
 */
export function MoneyLines({ lines, className = '', large = false }: { lines: MoneyLine[]; className?: string; large?: boolean }) {
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 ${className}`} data-money-lines="">
      {lines.map((line) => (
        <div key={line.kind} className="contents" data-money={line.kind}>
          <dt className={line.sum ? `font-semibold ${large ? 'text-lg' : ''}` : ''}>{line.label}</dt>
          <dd
            className={`text-right whitespace-nowrap ${line.sum ? `font-semibold ${large ? 'text-lg' : ''}` : ''}`}
            data-paise={line.amountPaise}
          >
            {line.shown}
          </dd>
        </div>
      ))}
    </dl>
  )
}
