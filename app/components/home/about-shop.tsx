import { Link } from 'react-router'

/** The home page's last section (routes/home.tsx): who the shop is, and a way to write to it. */
export function AboutShop({ shopName }: { shopName: string }) {
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto mt-20 max-w-7xl px-4">
      <div className="rounded-3xl bg-leaf-800 px-6 py-10 text-leaf-50 sm:px-12 sm:py-14">
        <h2 id="about-title" className="font-serif text-2xl font-semibold text-white sm:text-3xl">
          About {shopName}
        </h2>
        <div className="mt-4 grid gap-6 leading-relaxed md:grid-cols-2">
          <p>
            We started in Coimbatore with a handful of farming families who grew far more than the local market could take before it
            spoiled. Freeze-drying and slow, low-temperature dehydrating let us keep that harvest at its peak, with its colour, taste and
            nutrients, and without preservatives.
          </p>
          <p>
            Today we work with small, certified organic and non-GMO farms across Tamil Nadu, Kerala, Karnataka and Andhra Pradesh. We pay
            them fairly, pack every order ourselves, and answer every message. Questions?{' '}
            <Link
              to="/contact"
              className="font-semibold text-white underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-turmeric-400"
            >
              Write to us
            </Link>
            .
          </p>
        </div>
      </div>
    </section>
  )
}
