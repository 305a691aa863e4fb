import { usePageTitle } from '@/lib/use-page-title';
import { CatalogueTopics } from './components/catalogue-topics';
import { DemoSection } from './components/demo-section';
import { FeaturedCourses } from './components/featured-courses';
import { FinalCta } from './components/final-cta';
import { Hero } from './components/hero';
import { StatsStrip } from './components/stats-strip';
import { WhyChoose } from './components/why-choose';

export function HomePage() {
  usePageTitle(undefined);
  return (
    <>
      <Hero />
      <StatsStrip />
      <FeaturedCourses />
      <CatalogueTopics />
      <DemoSection />
      <WhyChoose />
      <FinalCta />
    </>
  );
}
