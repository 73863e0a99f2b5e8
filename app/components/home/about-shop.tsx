import { Link } from 'react-router'
import { storyParagraphs } from '~/features/catalogue/home-claims'
import { DemoMark } from './demo-mark'
import { m } from '~/i18n/paraglide/messages.js'

/** The way to write to the shop, at the end of its story. */
function WriteToUs() {
  return (
    <>
      {' '}
      {m.catalogue_home_questions()}{' '}
      <Link
        to="/contact"
        className="font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-turmeric-400"
      >
        {m.catalogue_home_write_to_us()}
      </Link>
      .
    </>
  )
}

/** The home page's last section (routes/home.tsx): who the shop is, in the owner's words (its story), and a way to write to it. */
export function AboutShop({ shopName, story, unconfirmed }: { shopName: string; story: string; unconfirmed: boolean }) {
  const paragraphs = storyParagraphs(story)
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto mt-20 max-w-7xl px-4">
      <div className="rounded-3xl bg-leaf-800 px-6 py-10 text-leaf-50 sm:px-12 sm:py-14">
        <h2 id="about-title" className="font-serif text-2xl font-semibold text-white sm:text-3xl">
          {m.catalogue_home_about({ shop: shopName })}
          {unconfirmed && paragraphs.length > 0 && <DemoMark />}
        </h2>
        <div className="mt-4 grid gap-6 leading-relaxed md:grid-cols-2">
          {paragraphs.map((paragraph, index) => (
            <p key={paragraph}>
              {paragraph}
              {index === paragraphs.length - 1 && <WriteToUs />}
            </p>
          ))}
          {paragraphs.length === 0 && (
            <p>
              <WriteToUs />
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
