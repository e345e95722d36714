/**
 * RMPP (IBA 13.6): segmentation and reassembly of multi-MAD payloads, with windows, ACKs, retries and aborts.
 * <p>
 * {@link org.infiniscope.mad.rmpp.RmppSender} and {@link org.infiniscope.mad.rmpp.RmppReceiver} are state
 * machines without threads or clocks: a transport feeds them the MADs of one transfer (matched by class and
 * TransactionID) and the time, sends the MADs each {@link org.infiniscope.mad.rmpp.RmppStep} lists and calls
 * {@code onTimer} at the step's deadline. A MAD whose RMPP header lacks the Active flag is a plain single MAD
 * and never reaches them. DATA segments go to the receiver; ACK, STOP and ABORT to the sender (an ABORT from a
 * sender goes to the receiver).
 */
@org.osgi.annotation.versioning.Version("0.1.0")
package org.infiniscope.mad.rmpp;
